import spacey from '../../../schemas/dashboards/spacey.json';
import { requireAuth } from '../auth/access';
import { requireEmailAccess, requireEmailOfRow, visibleEmailsCondition, visibleProductsCondition } from '../auth/objectAccess';
import { containsPattern, SqlParams } from '../emails/SqlParams';
import { httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';

const view = { permission: { module: 'spacy', operation: 'view' } };
const edit = { permission: { module: 'spacy', operation: 'edit' } };
const idParam = (name: string) => ({ type: 'object', required: [name], properties: { [name]: { type: 'string', pattern: '^[0-9]{1,18}$' } } }) as const;

/** 000 §5: company search by name starts after more than 2 typed characters. */
export const companySearchMinLength = 3;
export const companySearchTooShort = 'Type more than 2 characters to search companies.';

/**
 * 000 §7 company calls of the predictions screen: GET company name/{text}, POST company/{muid}
 * {companyName, muid} with the chosen match's companyID or newCompany: true, DELETE company/{id}, POST company restore/{muid} {companyId, actionid},
 * DELETE spacy master/{id}; plus POST sender details {query, searchBy}.
 */
export const emailCompanyRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;

  app.get<{ Params: { text: string } }>(
    '/api/spacey/company-name/:text',
    { config: view, schema: { params: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 100 } } } } },
    async (req) => {
      const text = req.params.text.trim();
      if (text.length < companySearchMinLength) throw httpError(400, companySearchTooShort);
      const r = await db.query<{ companyID: number; companyName: string }>(
        `select "companyID", "companyName" from companies where "companyName" ilike $1 order by "companyName" limit 20`,
        [containsPattern(text)],
      );
      return r.rows;
    },
  );

  app.post<{ Params: { muid: string }; Body: { companyName: string; muid?: number; companyID?: number; newCompany?: boolean } }>(
    '/api/spacey/company/:muid',
    {
      config: edit,
      schema: {
        params: idParam('muid'),
        body: {
          type: 'object',
          required: ['companyName'],
          properties: { companyName: { type: 'string', minLength: 1, maxLength: 200 }, muid: { type: 'integer' }, companyID: { type: 'integer', minimum: 1 }, newCompany: { type: 'boolean' } },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      if (req.body.muid !== undefined && req.body.muid !== muid) throw httpError(400, 'The muid of the body does not match the path.');
      const name = req.body.companyName.trim();
      if (!name) throw httpError(400, 'Company name can not be empty.');
      // The object check first, so the answer about the body never tells anything of an email the caller may not see.
      if ((await db.query('select 1 from emails where muid = $1', [muid])).rows.length === 0) throw httpError(404, 'Email not found');
      await requireEmailAccess(db, req, [muid]);
      // A company is a chosen search result (its id) or a name confirmed as new, never a typed fragment (issue 28 item 9).
      if (req.body.companyID === undefined && req.body.newCompany !== true) throw httpError(400, spacey.messages.chooseCompany);
      const known =
        req.body.companyID !== undefined
          ? await db.query<{ companyID: number; companyName: string }>('select "companyID", "companyName" from companies where "companyID" = $1', [req.body.companyID])
          : await db.query<{ companyID: number; companyName: string }>('select "companyID", "companyName" from companies where lower("companyName") = lower($1) limit 1', [name]);
      if (req.body.companyID !== undefined && known.rows.length === 0) throw httpError(404, 'Company not found');
      const dup = await db.query('select 1 from email_companies where muid = $1 and lower("companyName") = lower($2) and deleted = 0', [muid, known.rows[0]?.companyName ?? name]);
      if (dup.rows.length) throw httpError(409, 'This company is already added to the email.');
      const r = await db.query<{ id: string }>(
        `insert into email_companies (muid, "companyID", "companyName", created_by) values ($1, $2, $3, $4) returning id`,
        [muid, known.rows[0]?.companyID ?? null, known.rows[0]?.companyName ?? name, auth.username],
      );
      return { status: 'ok', id: Number(r.rows[0].id), companyID: known.rows[0]?.companyID ?? null, companyName: known.rows[0]?.companyName ?? name };
    },
  );

  // Companies and predictions belong to an email: its panelist type gates them (issue 11).
  app.delete<{ Params: { id: string } }>('/api/spacey/company/:id', { config: edit, schema: { params: idParam('id') } }, async (req) => {
    await requireEmailOfRow(db, req, 'email_companies', Number(req.params.id));
    const r = await db.query('update email_companies set deleted = 1 where id = $1 and deleted = 0', [Number(req.params.id)]);
    if (r.rowCount === 0) throw httpError(404, 'Company not found');
    return { status: 'ok' };
  });

  app.post<{ Params: { muid: string }; Body: { companyId: number; actionid?: number } }>(
    '/api/spacey/company-restore/:muid',
    { config: edit, schema: { params: idParam('muid'), body: { type: 'object', required: ['companyId'], properties: { companyId: { type: 'integer', minimum: 1 }, actionid: { type: 'integer' } } } } },
    async (req) => {
      await requireEmailAccess(db, req, [Number(req.params.muid)]);
      const r = await db.query('update email_companies set deleted = 0 where id = $1 and muid = $2 and deleted = 1', [req.body.companyId, Number(req.params.muid)]);
      if (r.rowCount === 0) throw httpError(404, 'Company not found');
      return { status: 'ok' };
    },
  );

  // DELETE spacy master/{id}: takes an email off the spacey list (its predictions are removed).
  app.delete<{ Params: { id: string } }>('/api/spacey/master/:id', { config: edit, schema: { params: idParam('id') } }, async (req) => {
    await requireEmailAccess(db, req, [Number(req.params.id)]);
    const r = await db.query('delete from email_predictions where muid = $1', [Number(req.params.id)]);
    if (r.rowCount === 0) throw httpError(404, 'No predictions for this email');
    return { status: 'ok' };
  });

  app.post<{ Body: { query: string; searchBy?: string } }>(
    '/api/spacey/sender-details',
    { config: view, schema: { body: { type: 'object', required: ['query'], properties: { query: { type: 'string', maxLength: 255 }, searchBy: { enum: ['email', 'name', 'sender_email', 'sender_name'] } } } } },
    async (req) => {
      const q = req.body.query.trim();
      if (q.length < companySearchMinLength) return [];
      const byName = req.body.searchBy === 'name' || req.body.searchBy === 'sender_name';
      const col = byName ? 'email_from_name' : 'email_from_one';
      // Senders of emails the caller may see only (panelist-type modules, issue 11).
      const p = new SqlParams();
      const conds = [`${col} ilike ${p.add(containsPattern(q))}`, visibleEmailsCondition(req.auth, p)].filter(Boolean);
      const r = await db.query<{ s: string }>(`select distinct ${col} as s from emails where ${conds.join(' and ')} order by 1 limit 20`, p.values);
      return r.rows.map((x) => x.s);
    },
  );

  // The spacey assign-copy (000 §7): the entry id of the newest product naming this panelist.
  app.post<{ Body: { panelist_id: number } }>(
    '/api/spacey/assign-copy',
    { config: view, schema: { body: { type: 'object', required: ['panelist_id'], properties: { panelist_id: { type: 'integer', minimum: 1 } } } } },
    async (req) => {
      // Among the products the caller's sectors allow (issue 11).
      const p = new SqlParams();
      // The panelist's products come from the panelists GIN index first (`offset 0`): otherwise the
      // planner walks the primary key backwards through the whole catalogue for a panelist without one.
      const panelist = `select * from products where document -> 'panelists' @> ${p.add(JSON.stringify([{ panelist_id: req.body.panelist_id }]), 'jsonb')} offset 0`;
      const conds = ['is_deleted = 0', visibleProductsCondition(req.auth, p)].filter(Boolean);
      const r = await db.query<{ entry_id: string | null }>(`select entry_id from (${panelist}) products where ${conds.join(' and ')} order by product_id desc limit 1`, p.values);
      return { entryID: r.rows[0]?.entry_id ?? null };
    },
  );
};
