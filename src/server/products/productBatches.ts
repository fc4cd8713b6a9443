import type { ProductInput } from '../../engine/diff';
import type { ParamSink } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { SqlParams } from '../emails/SqlParams';

/** A SQL condition on the products table (its `document` column), adding its parameters to `p`; null for none. */
export type ProductScope = (p: ParamSink) => string | null;

/**
 * A page of products after a product id ($1, set per page): their documents, or only their
 * top-level `keys` as JSON text with a member per key present (absent keys stay absent, nulls stay
 * null), so the database outputs and the driver parses only those.
 */
function pageQuery(batchSize: number, keys: readonly string[] | undefined, scope: ProductScope | undefined): { sql: string; values: unknown[] } {
  const p = new SqlParams();
  const after = p.add('-1');
  const limit = p.add(batchSize);
  const condition = scope?.(p);
  const page = `from products where product_id > ${after}${condition ? ` and ${condition}` : ''} order by product_id limit ${limit}`;
  if (!keys) return { sql: `select product_id, document ${page}`, values: p.values };
  const members = keys.map((k) => `${p.add(`${JSON.stringify(k)}:`, 'text')} || (d -> ${p.add(k, 'text')})::text`);
  // `document || '{}'` is the document decompressed once (a large one is stored compressed, and
  // each `->` on the column would decompress it again); the subquery keeps it computed once a row.
  const sql = `select product_id, '{' || concat_ws(',', ${members.join(', ')}) || '}' as document from (select product_id, document || '{}'::jsonb as d ${page} offset 0) s`;
  return { sql, values: p.values };
}

const parsed = (r: { product_id: string | number; document: unknown }): ProductInput => ({
  id: String(r.product_id),
  doc: typeof r.document === 'string' ? JSON.parse(r.document) : r.document,
});

/**
 * Every stored product (within `scope`), a batch at a time in product id order (keyset pages, each
 * its own query): memory holds one batch however large the table is, on PGlite and PostgreSQL
 * alike. The next batch is asked for while the caller works on the current one. With `keys`, each
 * document holds only those top-level keys (the database sends and the driver parses only them).
 */
export async function* productBatches(db: Queryable, batchSize = 2000, keys?: readonly string[], scope?: ProductScope): AsyncGenerator<ProductInput[]> {
  const { sql, values } = pageQuery(batchSize, keys, scope);
  const page = (after: string) => db.query<{ product_id: string | number; document: unknown }>(sql, [after, ...values.slice(1)]);
  let next = page('-1');
  // A caller that stops early leaves the prefetched page unread: its failure is nobody's to handle.
  next.catch(() => {});
  for (;;) {
    const { rows } = await next;
    if (!rows.length) return;
    if (rows.length === batchSize) {
      next = page(String(rows[rows.length - 1].product_id));
      next.catch(() => {});
    }
    yield rows.map(parsed);
    if (rows.length < batchSize) return;
  }
}

/** The whole documents of the products with these ids as JSON text (the caller parses them where it evaluates them). */
export async function productTextsById(db: Queryable, ids: readonly string[]): Promise<Array<{ id: string; text: string }>> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ product_id: string | number; document: string }>('select product_id, document::text as document from products where product_id = any($1::bigint[])', [ids]);
  return rows.map((r) => ({ id: String(r.product_id), text: r.document }));
}
