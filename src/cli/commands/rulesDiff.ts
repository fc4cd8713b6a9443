import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { RuleCompileError } from '../../engine';
import { failOnConditions, formatDiffMarkdown, isFailOnCondition, ruleChangeReport, type FailOnCondition, type ProductInput } from '../../engine/diff';
import type { Metadata } from '../../engine/types';
import { loadConfig } from '../../server/config';
import { loadMetadataFromDir } from '../../server/metadata/loadMetadataFromDir';
import { loadMetadataFromGitRef, UnknownRefError } from '../../server/metadata/loadMetadataFromGitRef';
import { projectRoot } from '../../server/paths';
import { readProductInputs } from '../../server/products/readProductInputs';

const EXIT_FAIL_ON = 1;
const EXIT_INPUT = 2;

export class InputError extends Error {}

/** A side of the diff: a folder holding schemas/ and rules/, else a git ref of the project. */
export function loadSide(spec: string, repo: string = projectRoot): Metadata {
  const abs = resolve(spec);
  if (existsSync(abs) && statSync(abs).isDirectory()) {
    if (!existsSync(join(abs, 'schemas')) && !existsSync(join(abs, 'rules'))) throw new InputError(`${abs} holds neither schemas/ nor rules/`);
    return loadMetadataFromDir(abs);
  }
  try {
    return loadMetadataFromGitRef(spec, repo);
  } catch (e) {
    if (e instanceof UnknownRefError) throw new InputError(e.message);
    throw e;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One product document per line; a `{product_id, document}` row (a table export) is unwrapped. */
export function readProductsJsonl(file: string): ProductInput[] {
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (e) {
    throw new InputError(`cannot read products file ${file}: ${(e as Error).message}`);
  }
  const out: ProductInput[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new InputError(`${file}:${i + 1}: not valid JSON: ${(e as Error).message}`);
    }
    if (!isObj(v)) throw new InputError(`${file}:${i + 1}: a product document must be a JSON object`);
    const doc = isObj(v.document) ? v.document : v;
    const id = v.product_id ?? doc.product_id ?? doc.muid ?? `line ${i + 1}`;
    out.push({ id: String(id), doc });
  });
  return out;
}

/** Every row of the products table (migration 005_products.sql of the product editor). */
export async function readProductsFromDb(): Promise<ProductInput[]> {
  const config = loadConfig(process.env);
  // Loaded here: the database drivers cost every other `rules` command a second of start-up.
  const { openDb } = await import('../../server/db/openDb');
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const exists = await db.query<{ t: string | null }>(`select to_regclass('products')::text as t`);
    if (!exists.rows[0]?.t) {
      throw new InputError(
        `the database (${config.databaseUrl ? 'DATABASE_URL' : `${config.dataDir}/db`}) has no products table yet ` +
          '(it comes with the product editor migration 005_products.sql: run `portal migrate`); or pass --products <file.jsonl>',
      );
    }
    return await readProductInputs(db);
  } finally {
    await db.close();
  }
}

interface DiffOptions {
  products?: string;
  format: string;
  failOn: string[];
  now?: string;
  repo?: string;
}

async function runDiff(from: string, to: string, opts: DiffOptions): Promise<number> {
  if (opts.format !== 'md' && opts.format !== 'json') throw new InputError(`--format must be md or json, got "${opts.format}"`);
  const conditions = opts.failOn.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const c of conditions) {
    if (!isFailOnCondition(c)) throw new InputError(`unknown --fail-on condition "${c}"; one of: ${Object.keys(failOnConditions).join(', ')}`);
    if (c !== 'any-change' && !opts.products) throw new InputError(`--fail-on ${c} needs --products <db|file.jsonl>`);
  }
  const repo = resolve(opts.repo ?? projectRoot);
  const a = loadSide(from, repo);
  const b = loadSide(to, repo);
  const unreadable = [...(a.problems ?? []).map((p) => `${from}: ${p.file}: ${p.message}`), ...(b.problems ?? []).map((p) => `${to}: ${p.file}: ${p.message}`)];
  if (unreadable.length) throw new InputError(`unreadable metadata:\n${unreadable.join('\n')}`);
  const products = opts.products ? (opts.products === 'db' ? await readProductsFromDb() : readProductsJsonl(opts.products)) : null;
  let report;
  try {
    report = ruleChangeReport(from, to, a, b, products, { now: opts.now, clock: () => performance.now(), failOn: conditions as FailOnCondition[] });
  } catch (e) {
    if (e instanceof RuleCompileError) throw new InputError(`metadata does not compile (run \`portal rules lint\`): ${e.message}`);
    throw e;
  }
  const { failing } = report;
  if (opts.format === 'json') console.log(JSON.stringify(report, null, 2));
  else console.log(formatDiffMarkdown(report));
  for (const f of failing) console.error(`rules diff: --fail-on ${f}`);
  return failing.length ? EXIT_FAIL_ON : 0;
}

/** `portal rules diff <from> <to>`: added to the `rules` command (created here when absent). */
export function register(program: Command): void {
  const rules = program.commands.find((c) => c.name() === 'rules') ?? program.command('rules').description('metadata rules');
  rules
    .command('diff <from> <to>')
    .description('what a metadata change means: fields, blocks, rules (in plain words), messages and codes that differ; with --products, which stored products it affects')
    .option('--products <source>', '"db" (the products table) or a JSONL file of product documents: evaluate each under both versions')
    .option('--format <format>', 'md (for analysts) or json ({"changes": [...], "impact": {...}})', 'md')
    .option('--fail-on <condition>', `exit 1 when it holds (repeatable or comma-separated): ${Object.entries(failOnConditions).map(([k, v]) => `${k} = ${v}`).join('; ')}`, (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--now <date>', 'today as YYYY-MM-DD for date rules (default: the system date)')
    .option('--repo <dir>', 'the git repository refs are read from (default: the project)')
    .addHelpText('after', '\n<from> and <to> are each a git ref of the project (HEAD~1, main, a commit) or a folder holding schemas/ and rules/.\nExit codes: 0 done, 1 a --fail-on condition holds, 2 unreadable input.')
    .action(async (from: string, to: string, opts: DiffOptions) => {
      try {
        process.exitCode = await runDiff(from, to, opts);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        console.error(`rules diff: ${e.message}`);
        process.exitCode = EXIT_INPUT;
      }
    });
}
