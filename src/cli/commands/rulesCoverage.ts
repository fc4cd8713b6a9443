import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { formatCoverageMarkdown } from '../../engine/coverage';
import { loadMetadataFromDir } from '../../server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../server/paths';
import { computeCoverage } from '../../server/rules/computeCoverage';
import { readRuleCases } from '../../server/rules/readRuleCases';
import { InputError, readProductsFromDb, readProductsJsonl } from './rulesDiff';

const EXIT_INPUT = 2;

interface CoverageOptions {
  products?: string;
  cases?: string;
  dir?: string;
  format: string;
  now?: string;
}

async function runCoverage(opts: CoverageOptions): Promise<number> {
  if (opts.format !== 'md' && opts.format !== 'json') throw new InputError(`--format must be md or json, got "${opts.format}"`);
  const dir = resolve(opts.dir ?? projectRoot);
  const metadata = loadMetadataFromDir(dir);
  if (metadata.problems?.length) throw new InputError(`unreadable metadata:\n${metadata.problems.map((p) => `${p.file}: ${p.message}`).join('\n')}`);
  const cases = readRuleCases(resolve(opts.cases ?? join(projectRoot, 'tests/rules')), dir, projectRoot);
  const products = !opts.products ? [] : opts.products === 'db' ? await readProductsFromDb() : readProductsJsonl(opts.products);
  let report;
  try {
    report = computeCoverage(metadata, cases, products.map((p) => p.doc), opts.now);
  } catch (e) {
    throw new InputError(`metadata does not compile (run \`portal rules lint\`): ${(e as Error).message}`);
  }
  console.log(opts.format === 'json' ? JSON.stringify(report, null, 2) : formatCoverageMarkdown(report));
  return 0;
}

/** `portal rules coverage`: added to the `rules` command (created here when absent). */
export function register(program: Command): void {
  const rules = program.commands.find((c) => c.name() === 'rules') ?? program.command('rules').description('metadata rules');
  rules
    .command('coverage')
    .description('which rules fire, pass and fail across the rule cases (tests/rules) and the stored products; lists rules never exercised')
    .option('--products <source>', '"db" (the products table) or a JSONL file of product documents, each checked for save and approve')
    .option('--cases <dir>', 'folder of rule case files (default: the project\'s tests/rules)')
    .option('--dir <dir>', 'folder holding schemas/ and rules/ (default: the project)')
    .option('--format <format>', 'md or json', 'md')
    .option('--now <date>', 'today as YYYY-MM-DD for date rules on stored products (default: the system date)')
    .addHelpText('after', '\nRequired and validate rules count fired (checked for the action) / passed / failed; other kinds count fired (their condition held; an options rule dropped an option).\nExit codes: 0 done, 2 unreadable input.')
    .action(async (opts: CoverageOptions) => {
      try {
        process.exitCode = await runCoverage(opts);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        console.error(`rules coverage: ${e.message}`);
        process.exitCode = EXIT_INPUT;
      }
    });
}
