import type { FastifyRequest } from 'fastify';
import { noPermissionMessage, requireAuth } from '../auth/access';
import { hasPermission } from '../auth/AuthContext';
import { requireEmailAccess } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The email a new product sent to POST /api/addProduct is catalogued from (001 §2:
 * /addproduct/v2/{muid} opened from an email): the document's muid, taken only when the caller may
 * open that email (the dashboards and its panelist type, as on the email screens) and it exists.
 * Undefined for an update or a product entered by hand; a stored product keeps its own link
 * (saveProduct). The link decides who reads the email through the product windows, so it is never
 * taken from a document unchecked (issue 26 §10).
 */
export async function emailOfNewProduct(db: Queryable, req: FastifyRequest, doc: Record<string, unknown>): Promise<number | undefined> {
  const auth = requireAuth(req);
  if (!isBlank(doc.product_id) || isBlank(doc.muid)) return undefined;
  const text = typeof doc.muid === 'number' ? String(doc.muid) : doc.muid;
  if (typeof text !== 'string' || !/^[1-9]\d{0,14}$/.test(text)) throw httpError(400, 'muid must be a positive whole number.');
  const muid = Number(text);
  if (!hasPermission(auth, 'dashboard', 'view')) {
    req.log.warn({ user: auth.username, muid }, 'object access refused: a product linked to an email the caller may not open');
    throw httpError(403, noPermissionMessage);
  }
  await requireEmailAccess(db, req, [muid]);
  const r = await db.query('select 1 from emails where muid = $1', [muid]);
  if (!r.rows.length) throw httpError(404, 'Email not found');
  return muid;
}
