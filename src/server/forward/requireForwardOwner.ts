import { hasPermission, type AuthContext } from '../auth/AuthContext';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { forwardPolicy } from './forwardPolicy';
import { findForward, type ForwardRow } from './forwardStore';

/** Administrators (who may edit users) may act on anyone's forward. */
export const isMailAdmin = (auth: AuthContext) => hasPermission(auth, 'admin', 'edit');

/** Whether the caller may edit, send or delete a forward (issue 26: a draft belongs to its creator). */
export const ownsForward = (auth: AuthContext, f: Pick<ForwardRow, 'owner_id'>) => f.owner_id === auth.userId || isMailAdmin(auth);

/**
 * The forward, when the caller created it or is an administrator: 404 when it is not this email's,
 * 403 (the policy's notOwner message) when it is someone else's. Reading stays open to everyone
 * who may see the email (the history is shared).
 */
export async function requireForwardOwner(db: Queryable, auth: AuthContext, muid: number, efid: number): Promise<ForwardRow> {
  const f = await findForward(db, muid, efid);
  if (!f) throw httpError(404, `Forwarded email ${efid} not found`);
  if (!ownsForward(auth, f)) throw httpError(403, forwardPolicy().messages.notOwner.text);
  return f;
}
