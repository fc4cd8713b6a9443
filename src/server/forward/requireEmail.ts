import type { FastifyRequest } from 'fastify';
import { requireEmailAccess } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { emailMessages } from '../emails/emailMessages';
import { httpError } from '../httpError';

/** 404 for an unknown email; 403 when the caller's role may not see its panelist type (issue 11). */
export async function requireEmail(db: Queryable, req: FastifyRequest, muid: number): Promise<void> {
  const r = await db.query('select 1 from emails where muid = $1', [muid]);
  if (r.rows.length === 0) throw httpError(404, emailMessages().emailMissing);
  await requireEmailAccess(db, req, [muid]);
}
