import type { AuthContext } from '../auth/AuthContext';
import type { Db } from '../db/Db';
import { httpError } from '../httpError';
import { emailMessages } from './emailMessages';
import { emailStatuses } from './emailStatuses';
import { recordEmailActivity } from './recordActivity';

/**
 * Move to e-Glacier or back to Focus (statuses `glacier` and `focus`). The move to e-Glacier is
 * refused as a whole when any selected email has a status marked x-glacier-refused (Used, Copy:
 * 000 §4, §8); Move To Focus only brings back e-Glacier emails. Returns the muids moved and their
 * new status.
 */
export async function moveEmails(db: Db, auth: AuthContext | null, muids: number[], to: 'glacier' | 'focus'): Promise<{ muids: number[]; deleted: number }> {
  if (muids.length === 0) throw httpError(400, emailMessages().selectEmail);
  const statuses = emailStatuses();
  const glacier = statuses.code('glacier');
  return db.transaction(async (tx) => {
    const res = await tx.query<{ muid: number; deleted: number }>('select muid, deleted from emails where muid = any($1::bigint[]) for update', [muids]);
    if (res.rows.length === 0) throw httpError(404, emailMessages().emailMissing);
    if (to === 'glacier' && res.rows.some((r) => statuses.glacierRefused.includes(r.deleted))) throw httpError(409, emailMessages().usedCopyGlacier);
    const target = to === 'glacier' ? glacier : statuses.code('focus');
    const moving = res.rows.filter((r) => (to === 'glacier' ? r.deleted !== glacier : r.deleted === glacier));
    const ids = moving.map((r) => Number(r.muid));
    if (ids.length) await tx.query('update emails set deleted = $2 where muid = any($1::bigint[])', [ids, target]);
    await recordEmailActivity(tx, auth, to === 'glacier' ? 'move_to_glacier' : 'move_to_focus', moving.map((r) => ({ muid: Number(r.muid), before: { deleted: r.deleted }, after: { deleted: target } })));
    return { muids: ids, deleted: target };
  });
}
