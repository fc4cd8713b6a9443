import type { EmailRowState, EmailUpdate } from '../../api/emailTypes';
import type { AuthContext } from '../auth/AuthContext';
import type { Db } from '../db/Db';
import { httpError } from '../httpError';
import { emailMessages, scoreChoices } from './emailMessages';
import { emailStatuses } from './emailStatuses';
import { recordEmailActivity } from './recordActivity';


type Row = { muid: number; row_version: number; deleted: number; panelist_core: number; panelist_score: string; email_read: number };
const editable = ['deleted', 'panelist_core', 'panelist_score', 'email_read'] as const;

/**
 * POST emails {type:'update'}: status, flag, points and read mark of each row, all or nothing.
 * Refuses (409) setting a status the dropdown does not offer (x-selectable false) and changing a
 * locked one (x-locked: Used, e-Glacier); those moves have their own actions (assign copy, move to
 * e-Glacier / Focus). A bulk status change (more than one row whose status actually changes) may
 * only set an x-bulk status (Copy, 000 §4-§5): rows that resend their current status, as full-row
 * clients do, are not counted. The policy is the status table's (schemas/codes/email_status.json).
 * Returns the rows as stored afterwards, so clients update what they show from the server's answer.
 */
export async function updateEmails(db: Db, auth: AuthContext | null, updates: EmailUpdate[]): Promise<EmailRowState[]> {
  if (updates.length === 0) throw httpError(400, emailMessages().selectEmail);
  const { selectable, locked, bulk } = emailStatuses();
  return db.transaction(async (tx) => {
    const muids = updates.map((u) => u.muid);
    const res = await tx.query<Row>(
      `select muid, row_version, deleted, panelist_core, panelist_score, email_read from emails where muid = any($1::bigint[]) for update`,
      [muids],
      { prepare: true },
    );
    const current = new Map(res.rows.map((r) => [Number(r.muid), r]));
    const changes: Array<{ muid: number; before: Record<string, unknown>; after: Record<string, unknown> }> = [];
    for (const u of updates) {
      const row = current.get(u.muid);
      if (!row) throw httpError(404, emailMessages().emailMissing);
      if (u.deleted !== undefined && u.deleted !== row.deleted) {
        if (locked.includes(row.deleted)) throw httpError(409, emailMessages().statusLocked);
        if (!selectable.includes(u.deleted)) throw httpError(409, emailMessages().statusNotSelectable);
      }
      if (u.panelist_score !== undefined && u.panelist_score.length > 10) throw httpError(400, emailMessages().invalidPoints);
      // Points come from the Points dropdowns' lists; a row's own older value may be sent back unchanged
      // (full-row clients resend it with a status), but no new value outside the lists is stored.
      if (u.panelist_score !== undefined && u.panelist_score !== row.panelist_score && !scoreChoices().has(u.panelist_score)) {
        throw httpError(400, emailMessages().unknownPoints);
      }
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const k of editable) {
        const v = u[k];
        if (v !== undefined && v !== row[k]) {
          before[k] = row[k];
          after[k] = v;
        }
      }
      if (Object.keys(after).length) changes.push({ muid: u.muid, before, after });
    }
    const statusChanges = changes.filter((c) => 'deleted' in c.after);
    if (statusChanges.length > 1 && statusChanges.some((c) => !bulk.includes(c.after.deleted as number))) {
      throw httpError(409, emailMessages().onlyCopyStatus);
    }
    const versions = new Map<number, number>();
    for (const c of changes) {
      const a = c.after;
      const r = await tx.query<{ row_version: number }>(
        `update emails set deleted = coalesce($2, deleted), panelist_core = coalesce($3, panelist_core),
           panelist_score = coalesce($4, panelist_score), email_read = coalesce($5, email_read) where muid = $1 returning row_version`,
        [c.muid, a.deleted ?? null, a.panelist_core ?? null, a.panelist_score ?? null, a.email_read ?? null],
        { prepare: true },
      );
      versions.set(c.muid, r.rows[0].row_version);
    }
    await recordEmailActivity(tx, auth, 'update', changes);
    return [...new Set(muids)].map((muid) => {
      const row = current.get(muid)!;
      const after = changes.find((c) => c.muid === muid)?.after ?? {};
      return { muid, row_version: versions.get(muid) ?? row.row_version, deleted: row.deleted, panelist_core: row.panelist_core, panelist_score: row.panelist_score, email_read: row.email_read, ...after } as EmailRowState;
    });
  });
}
