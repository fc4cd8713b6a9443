import type { AuthContext } from '../auth/AuthContext';
import type { Queryable } from '../db/Db';
import { emailStatuses } from './emailStatuses';
import { recordEmailActivity } from './recordActivity';

/**
 * The email a new product was catalogued from becomes Used (000 §4), linked to that product and its
 * entry, in the product's own transaction: it leaves Focus's open work (Focus lists blank and
 * unused) and its id opens the entry (assign-copy lookup), as the demo's linked emails do. A Copy
 * email belongs to another entry and keeps its status; a Used one keeps its first product.
 */
export async function markEmailUsed(tx: Queryable, auth: AuthContext | null, muid: number, productId: number, entryId: string | null): Promise<void> {
  const statuses = emailStatuses();
  const used = statuses.code('used');
  const r = await tx.query<{ deleted: number; product_id: string | null; entry_id: string | null }>('select deleted, product_id::text as product_id, entry_id from emails where muid = $1 for update', [muid]);
  const row = r.rows[0];
  if (!row || row.deleted === used || row.deleted === statuses.code('copy')) return;
  await tx.query('update emails set deleted = $2, product_id = $3, entry_id = $4 where muid = $1', [muid, used, productId, entryId]);
  await recordEmailActivity(tx, auth, 'catalogued', [
    { muid, before: { deleted: row.deleted, product_id: row.product_id === null ? null : Number(row.product_id), entry_id: row.entry_id }, after: { deleted: used, product_id: productId, entry_id: entryId } },
  ]);
}
