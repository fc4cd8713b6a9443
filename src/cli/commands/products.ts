import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createEngine } from '../../engine';
import type { Queryable } from '../../server/db/Db';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/openDb';
import { loadMetadataFromDir } from '../../server/metadata/loadMetadataFromDir';
import { metadataHash } from '../../server/metadataHash';
import { projectRoot } from '../../server/paths';
import { generateProducts, type GeneratedProduct } from '../../server/products/generateProducts';

interface GenerateOptions {
  count: string;
  seed: string;
  out?: string;
  firstId?: string;
  dir?: string;
}

const positiveInt = (v: string, what: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${what} must be a whole number, got "${v}"`);
  return n;
};

async function writeJsonl(file: string, products: GeneratedProduct[]): Promise<void> {
  const out = createWriteStream(resolve(file));
  for (const p of products) if (!out.write(`${JSON.stringify(p)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((res, rej) => {
    out.once('error', rej);
    out.end(() => res());
  });
}

/**
 * Inserts into the products table (migration 005_products.sql of the product editor): the document
 * as jsonb, plus every other column whose name is a top-level document field (status, muid, dates...).
 * Rows whose product_id exists already are left alone.
 */
export async function insertProducts(db: Queryable, products: GeneratedProduct[], metadataVersion?: string): Promise<number> {
  const cols = await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'products' and table_schema = current_schema()`);
  const columns = cols.rows.map((r) => r.column_name);
  if (!columns.includes('document')) throw new Error('the database has no products table with a document column yet (it comes with the product editor migration 005_products.sql: run `portal migrate`); use --out <file.jsonl> meanwhile');
  const scalar = columns.filter((c) => c !== 'document' && products.some((p) => p[c] !== undefined && (p[c] === null || typeof p[c] !== 'object')));
  const version = metadataVersion && columns.includes('metadata_version') ? ['metadata_version'] : [];
  const names = ['document', ...scalar, ...version];
  let inserted = 0;
  const batch = 200;
  for (let i = 0; i < products.length; i += batch) {
    const rows = products.slice(i, i + batch);
    const params: unknown[] = [];
    const tuples = rows.map((p) => {
      const values = [JSON.stringify(p), ...scalar.map((c) => (p[c] === '' ? null : p[c])), ...(version.length ? [metadataVersion] : [])];
      const start = params.length;
      params.push(...values);
      return `(${values.map((_, k) => (k === 0 ? `$${start + 1}::jsonb` : `$${start + k + 1}`)).join(', ')})`;
    });
    const res = await db.query(`insert into products (${names.map((n) => `"${n}"`).join(', ')}) values ${tuples.join(', ')} on conflict do nothing`, params);
    inserted += res.rowCount;
  }
  // Explicit ids leave an identity sequence behind; move it past them so the editor's next id is free.
  if (columns.includes('product_id')) {
    await db.query(`select setval(pg_get_serial_sequence('products', 'product_id'), greatest((select max(product_id) from products), 1))`).catch(() => undefined);
  }
  return inserted;
}

/** `portal products generate`: deterministic demo products that pass their own rules. */
export function register(program: Command): void {
  const products = program.commands.find((c) => c.name() === 'products') ?? program.command('products').description('product records');
  products
    .command('generate')
    .description('create realistic demo products across every sector, media channel and status, each passing its own rules')
    .option('--count <n>', 'how many products', '300')
    .option('--seed <s>', 'random seed: the same seed gives the same products', '1')
    .option('--out <file>', 'write JSONL (one product document per line) instead of inserting into the products table')
    .option('--first-id <id>', 'product_id of the first product', '100001')
    .option('--dir <dir>', 'folder holding schemas/ and rules/ (default: the project root)')
    .action(async (opts: GenerateOptions) => {
      try {
        const count = positiveInt(opts.count, '--count');
        const seed = positiveInt(opts.seed, '--seed');
        const firstId = positiveInt(opts.firstId ?? '100001', '--first-id');
        const engine = createEngine(loadMetadataFromDir(resolve(opts.dir ?? projectRoot)), { codeGeneration: true });
        const started = performance.now();
        const list = generateProducts({ count, seed, engine, firstId });
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        if (opts.out) {
          await writeJsonl(opts.out, list);
          console.error(`${list.length} products written to ${opts.out} (${secs} s)`);
          return;
        }
        const config = loadConfig(process.env);
        const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
        try {
          const n = await insertProducts(db, list, metadataHash(resolve(opts.dir ?? projectRoot)));
          console.error(`${n} products inserted (${list.length - n} already there; generated in ${secs} s)`);
        } finally {
          await db.close();
        }
      } catch (e) {
        console.error(`products generate: ${(e as Error).message}`);
        process.exitCode = 2;
      }
    });
}
