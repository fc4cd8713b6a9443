import type { FastifyRequest } from 'fastify';
import type { ProductEmail, ProductEmailsResponse } from '../../api/emailTypes';
import { canSeePanelistType, requireProductAccess } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { findProduct } from '../products/productStore';
import { emailStatuses } from './emailStatuses';

/** More than any product gathers; the list stays one small answer. */
const maxEmails = 500;

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/**
 * The emails of a product (000 §5, the copy flow's other end): the one it was catalogued from (the
 * product's muid) and every email assigned to it (their product_id), Used first, newest first.
 * 404 for no such product; 403 when the product's sectors are not the caller's; emails of panelist
 * types the caller may not see are left out and counted.
 */
export async function productEmails(db: Queryable, req: FastifyRequest, productId: number): Promise<ProductEmailsResponse> {
  const product = await findProduct(db, productId);
  if (!product) throw httpError(404, `Product ${productId} not found`);
  requireProductAccess(req, product.document);
  const used = emailStatuses().code('used');
  const r = await db.query<Omit<ProductEmail, 'muid'> & { muid: string; panelist_type: string | null }>(
    `select muid::text as muid, deleted, email_subject, email_from_name, email_from_one, email_date, entry_id, panelist_type
       from emails where product_id = $1 or muid = $2
      order by (deleted = $3) desc, email_date desc nulls last, muid desc limit ${maxEmails}`,
    [productId, product.muid ?? -1, used],
  );
  const visible = r.rows.filter((e) => canSeePanelistType(req.auth, e.panelist_type));
  return {
    product_id: productId,
    hidden: r.rows.length - visible.length,
    emails: visible.map((e) => ({
      muid: Number(e.muid),
      deleted: Number(e.deleted),
      email_subject: e.email_subject,
      email_from_name: e.email_from_name,
      email_from_one: e.email_from_one,
      email_date: iso(e.email_date),
      entry_id: e.entry_id,
    })),
  };
}
