import type { ProductInput } from '../../engine/diff';
import type { Queryable } from '../db/Db';

/**
 * Every stored product, a batch at a time in product id order (keyset pages, each its own query):
 * memory holds one batch however large the table is, on PGlite and PostgreSQL alike. The next
 * batch is asked for while the caller works on the current one.
 */
export async function* productBatches(db: Queryable, batchSize = 2000): AsyncGenerator<ProductInput[]> {
  const page = (after: string) =>
    db.query<{ product_id: string | number; document: unknown }>('select product_id, document from products where product_id > $1 order by product_id limit $2', [after, batchSize]);
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
    yield rows.map((r) => ({ id: String(r.product_id), doc: typeof r.document === 'string' ? JSON.parse(r.document) : r.document }));
    if (rows.length < batchSize) return;
  }
}
