import type { FastifyRequest } from 'fastify';
import { canUseSector, noPermissionMessage, requireAuth } from '../auth/access';
import { hasPermission } from '../auth/AuthContext';
import { chainRoots, requireEmailAccess } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';

/** What an editor sees when no product they may open was catalogued from the email. */
export const noProductEmailMessage = (muid: number) => `No product was catalogued from email ${muid}.`;

/**
 * The product windows of an email (001 §2 Actions: processed HTML, temp PDF, render PDF) are
 * opened from a product, so they need the product module, not the email dashboards. A caller
 * with the dashboards may open any email's windows (as on the dashboards); anyone else only those
 * of an email a product they may see was catalogued from (the product's muid, its sectors checked).
 * Either way the email's panelist type is checked as everywhere (objectAccess).
 */
export async function requireProductEmail(db: Queryable, req: FastifyRequest, muid: number): Promise<void> {
  const auth = requireAuth(req);
  if (!hasPermission(auth, 'dashboard', 'view')) {
    const r = await db.query<{ document: Record<string, unknown> | string }>('select document from products where muid = $1 and is_deleted = 0', [muid]);
    if (!r.rows.length) throw httpError(404, noProductEmailMessage(muid));
    const docs = r.rows.map((row) => (typeof row.document === 'string' ? (JSON.parse(row.document) as Record<string, unknown>) : row.document));
    if (!docs.some((doc) => chainRoots(doc).every((id) => canUseSector(auth, id)))) {
      req.log.warn({ user: auth.username, muid }, 'object access refused: no product of this email in the role\'s sectors');
      throw httpError(403, noPermissionMessage);
    }
  }
  await requireEmailAccess(db, req, [muid]);
}
