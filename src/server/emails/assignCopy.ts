import type { AssignCopyLookupResponse, AssignCopyResponse } from '../../api/emailTypes';
import type { AuthContext } from '../auth/AuthContext';
import type { Db, Queryable } from '../db/Db';
import { visibleProductsCondition } from '../auth/objectAccess';
import { httpError } from '../httpError';
import { emailMessages, fillMessage, productIdPattern } from './emailMessages';
import { emailStatuses } from './emailStatuses';
import { recordEmailActivity } from './recordActivity';
import { SqlParams } from './SqlParams';

interface ProductRef {
  product_id: number | null;
  entry_id: string | null;
}

/**
 * The product an entry id, muid or product id names among those the caller may see (their allowed
 * sectors, as every product route), when a products table exists (the product issue owns it). A
 * product outside the caller's sectors is not found, so its id cannot be told from a missing one
 * (issue 26 §6). Undefined means "no products table: cannot check".
 */
async function findProduct(db: Queryable, auth: AuthContext | null, id: string): Promise<ProductRef | null | undefined> {
  const t = await db.query<{ t: string | null }>(`select to_regclass('products')::text as t`);
  if (!t.rows[0]?.t) return undefined;
  try {
    // Each match an index answers (entry id, then muid, then product id): a catalogue of a million
    // products is never scanned. Only a number can be a muid or product id.
    const p = new SqlParams();
    const entry = p.add(id);
    const n = p.add(/^\d{1,18}$/.test(id) ? id : null, 'bigint');
    const visible = visibleProductsCondition(auth, p);
    const and = visible ? ` and ${visible}` : '';
    const r = await db.query<ProductRef>(
      `select product_id, entry_id from (
         (select product_id::bigint as product_id, entry_id, 0 as pref from products where entry_id = ${entry}${and} limit 1)
         union all (select product_id::bigint, entry_id, 1 from products where ${n} is not null and muid = ${n}${and} order by product_id desc limit 1)
         union all (select product_id::bigint, entry_id, 2 from products where ${n} is not null and product_id = ${n}${and})
       ) m order by pref limit 1`,
      p.values,
    );
    return r.rows[0] ? { product_id: r.rows[0].product_id === null ? null : Number(r.rows[0].product_id), entry_id: r.rows[0].entry_id } : null;
  } catch {
    // A products table without these columns: nothing to check against.
    return undefined;
  }
}

/** POST assign-copy {muid}: the entry id (or muid) of the product a Used email belongs to. */
export async function lookupCopy(db: Db, auth: AuthContext | null, muid: number): Promise<AssignCopyLookupResponse> {
  const r = await db.query<{ entry_id: string | null; product_id: string | null }>('select entry_id, product_id::text as product_id from emails where muid = $1', [muid]);
  const row = r.rows[0];
  // The product the email was assigned to, else the one catalogued from it, else its entry's: only
  // one the caller may see (another sector's entry id is not told, issue 26 §6).
  const p = new SqlParams();
  const visible = visibleProductsCondition(auth, p);
  const and = visible ? ` and ${visible}` : '';
  const product = row
    ? (await db.query<{ entry_id: string | null; product_id: string; own: boolean }>(
      `select entry_id, product_id::text as product_id, own from (
         (select entry_id, product_id, muid = ${p.add(muid, 'bigint')} as own, 0 as pref from products where product_id = ${p.add(row.product_id, 'bigint')}${and})
         union all (select entry_id, product_id, true, 1 from products where muid = ${p.add(muid, 'bigint')}${and} order by product_id desc limit 1)
         union all (select entry_id, product_id, muid = ${p.add(muid, 'bigint')}, 2 from products where entry_id = ${p.add(row.entry_id)}${and} order by product_id desc limit 1)
       ) m order by pref limit 1`,
      p.values,
    )).rows[0]
    : undefined;
  // The product editor opens another email's product from here (a Copy's): its id, and whether it is this email's own.
  const found = product ? { productId: Number(product.product_id), ownProduct: product.own === true } : {};
  if (product?.entry_id) return { entryID: product.entry_id, muid: null, ...found };
  if (product) return { entryID: null, muid, ...found };
  return { entryID: null, muid: null, msg: emailMessages().productMissing };
}

/**
 * POST assign-copy {payload, entryID}: the chosen emails become copies (status `copy`, unless `used`) of
 * the product. Refused when the product id is empty or malformed, nothing is chosen, or a products
 * table exists and holds no such product.
 */
export async function assignCopies(db: Db, auth: AuthContext | null, muids: number[], entryID: string): Promise<AssignCopyResponse> {
  const id = (entryID ?? '').trim();
  if (!id) throw httpError(400, emailMessages().productIdEmpty);
  if (!productIdPattern().test(id)) throw httpError(400, emailMessages().invalidProductId);
  const statuses = emailStatuses();
  const used = statuses.code('used');
  const copy = statuses.code('copy');
  if (muids.length === 0) throw httpError(400, emailMessages().chooseRecord);
  const product = await findProduct(db, auth, id);
  if (product === null) return { status: false, msg: emailMessages().productMissing, muids: [] };
  // The product's own entry id, whichever id named it (a product id typed in the field is not one).
  const entryId = product ? product.entry_id : id;
  return db.transaction(async (tx) => {
    const res = await tx.query<{ muid: number; deleted: number; entry_id: string | null }>(
      'select muid, deleted, entry_id from emails where muid = any($1::bigint[]) for update',
      [muids],
    );
    if (res.rows.length === 0) throw httpError(404, emailMessages().emailMissing);
    const copies = res.rows.filter((r) => r.deleted !== used);
    const ids = copies.map((r) => Number(r.muid));
    await tx.query('update emails set deleted = $4, entry_id = $2, product_id = coalesce($3, product_id) where muid = any($1::bigint[])', [ids, entryId, product?.product_id ?? null, copy]);
    await recordEmailActivity(tx, auth, 'assign_copy', copies.map((r) => ({ muid: Number(r.muid), before: { deleted: r.deleted, entry_id: r.entry_id }, after: { deleted: copy, entry_id: entryId } })));
    const skipped = res.rows.length - copies.length;
    const m = emailMessages();
    const msg = [fillMessage(m.assigned, { count: ids.length, id: entryId ?? id }), skipped ? fillMessage(m.assignedSkipped, { skipped }) : ''].filter(Boolean).join(' ');
    return { status: true, msg, muids: ids };
  });
}
