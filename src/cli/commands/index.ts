import type { Command } from 'commander';
import { register as serve } from './serve';
import { register as migrate } from './migrate';
import { register as seed } from './seed';
import { register as dev } from './dev';
import { register as user } from './user';
import { register as role } from './role';
import { register as rules } from './rules';
import { register as rulesDiff } from './rulesDiff';
import { register as rulesCoverage } from './rulesCoverage';
import { register as products } from './products';
import { register as importEmails } from './import';
import { register as predictions } from './predictions';

/** Every CLI command registers itself here; one line per command module. */
export const commands: Array<(program: Command) => void> = [
  serve,
  migrate,
  seed,
  dev,
  user,
  role,
  rules,
  rulesDiff,
  rulesCoverage,
  products,
  importEmails,
  predictions,
];
