import { gateAt } from '../model/expandGates';
import type { LocatedRule } from '../types';
import { jsonPath } from './jsonPath';

/**
 * The JSONPath in its file of a place inside a rule's logic (`key` is `when`, `valid`, ...): inside
 * the file's gate when the logic came from one (`$.gates.retail[0]`), else inside the rule.
 */
export function ruleLocation(r: LocatedRule, key: string, segs: Array<string | number>): string {
  const g = gateAt(r.gates, key, segs);
  return g ? jsonPath(['gates', g.use.name, ...g.rest]) : jsonPath(segs, `${r.jsonPath}.${key}`);
}
