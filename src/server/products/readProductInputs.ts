import type { ProductInput } from '../../engine/diff';
import type { AuthContext } from '../auth/AuthContext';
import { visibleProductsCondition } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { SqlParams } from '../emails/SqlParams';

/**
 * Every stored product as the rule-change review reads it (its id and document, by id); given a
 * caller, only the products of sectors they may use, as every list of products is narrowed.
 */
export async function readProductInputs(db: Queryable, auth?: AuthContext | null): Promise<ProductInput[]> {
  const p = new SqlParams();
  const visible = auth === undefined ? null : visibleProductsCondition(auth, p);
  const res = await db.query<{ product_id: string | number; document: unknown }>(
    `select product_id, document from products${visible ? ` where ${visible}` : ''} order by product_id`,
    p.values,
  );
  return res.rows.map((r) => ({ id: String(r.product_id), doc: typeof r.document === 'string' ? JSON.parse(r.document) : r.document }));
}
