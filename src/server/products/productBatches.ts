import type { ProductInput } from '../../engine/diff';
import type { Queryable } from '../db/Db';

/** A product's document, or only its top-level `keys` (absent keys stay absent), as `document`. */
function documentColumn(keys: readonly string[] | undefined, param: string): string {
  if (!keys) return 'document';
  // jsonb_each detoasts the document once; `document->'k'` per key would detoast it once per key.
  return `case when jsonb_typeof(document) = 'object' then coalesce((select jsonb_object_agg(e.key, e.value) from jsonb_each(document) e where e.key = any(${param}::text[])), '{}'::jsonb) else document end`;
}

const parsed = (r: { product_id: string | number; document: unknown }): ProductInput => ({
  id: String(r.product_id),
  doc: typeof r.document === 'string' ? JSON.parse(r.document) : r.document,
});

/**
 * Every stored product, a batch at a time in product id order (keyset pages, each its own query):
 * memory holds one batch however large the table is, on PGlite and PostgreSQL alike. The next
 * batch is asked for while the caller works on the current one. With `keys`, each document holds
 * only those top-level keys (the database sends and the driver parses only them).
 */
export async function* productBatches(db: Queryable, batchSize = 2000, keys?: readonly string[]): AsyncGenerator<ProductInput[]> {
  const page = (after: string) =>
    db.query<{ product_id: string | number; document: unknown }>(
      `select product_id, ${documentColumn(keys, '$3')} as document from products where product_id > $1 order by product_id limit $2`,
      keys ? [after, batchSize, keys] : [after, batchSize],
    );
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

/** The whole documents of the products with these ids, by id (ids no longer stored are missing). */
export async function productsById(db: Queryable, ids: readonly string[]): Promise<Map<string, unknown>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ product_id: string | number; document: unknown }>('select product_id, document from products where product_id = any($1::bigint[])', [ids]);
  return new Map(rows.map((r) => [String(r.product_id), parsed(r).doc]));
}
