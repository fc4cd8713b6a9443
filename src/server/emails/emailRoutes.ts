import type { FastifyRequest } from 'fastify';
import type {
  AssignCopyLookupResponse, EmailRowState, AssignCopyResponse, DashboardRequest, DashboardResponse, EmailUpdateRequest, MoveRequest, ProductEmailsResponse,
  EmailUpdateResponse, MoveResponse, SearchRequest, UpdateScoreRequest,
} from '../../api/emailTypes';
import { requireEmailAccess, requirePanelistType, visiblePanelistTypes } from '../auth/objectAccess';
import { HttpError, httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { inlineImages, resolveCidRefs } from '../forward/emailParts';
import { storageFor } from '../storage/storageFor';
import { assignCopies, lookupCopy } from './assignCopy';
import { listColumns, type ListColumns } from './emailColumns';
import { searchProblem } from './searchChecks';
import { searchSchema } from './searchSchema';
import { emailBody, emailDetail, emailHead, emailRaw } from './emailDetail';
import { emailMessages } from './emailMessages';
import type { ScopedDashboardRequest } from './emailFilter';
import { listEmails } from './listEmails';
import { moveEmails } from './moveEmails';
import { productEmails } from './productEmails';
import { listStates, rawData } from './rawData';
import { updateEmails } from './updateEmails';
import { withDefaultDates } from './withDefaultDates';

const view = { permission: { module: 'dashboard', operation: 'view' } };
const edit = { permission: { module: 'dashboard', operation: 'edit' } };

const muidParam = { type: 'object', required: ['muid'], properties: { muid: { type: 'string', pattern: '^[0-9]{1,18}$' } } } as const;
const muidBody = { type: 'object', required: ['muid'], properties: { muid: { type: 'integer', minimum: 1 } } } as const;
const muidList = { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 } } as const;
const str = (max: number) => ({ type: 'string', maxLength: max }) as const;


const requestSchema = {
  type: 'object',
  required: ['page', 'perpage'],
  properties: {
    page: { type: 'integer', minimum: 1 },
    perpage: { type: 'integer', minimum: 1, maximum: 50 },
    panelist: { enum: ['all', 'producer', 'consumer', 'mortgage', 'provider'] },
    dashboard: { enum: ['focus', 'glacier', 'copy'] },
    // Which keys sort is the dashboard metadata's (listColumns), checked per request.
    sorting_field: str(63),
    sorting_direction: { enum: ['asc', 'desc'] },
    totals: { type: ['integer', 'null'] },
    paging: { type: ['object', 'null'] },
    search: searchSchema,
  },
} as const;

const updateItem = {
  type: 'object',
  required: ['muid'],
  properties: {
    muid: { type: 'integer', minimum: 1 },
    // Which codes exist and may be set is the status table's (updateEmails).
    deleted: { type: 'integer', minimum: 0, maximum: 32767 },
    panelist_core: { type: 'integer', minimum: 0, maximum: 1 },
    panelist_score: str(10),
    email_read: { type: 'integer', minimum: 0, maximum: 1 },
    index_name: str(100),
  },
} as const;

/** A panelist-type list needs that module's view grant; 'all' is narrowed to the types the caller may see. */
function scoped(req: FastifyRequest, r: DashboardRequest): ScopedDashboardRequest {
  requirePanelistType(req, r.panelist);
  return { ...r, visiblePanelistTypes: visiblePanelistTypes(req.auth) };
}

const muidOf = (p: { muid: string }) => Number(p.muid);

/** The email dashboards' API (000 §7 "Emails"). */
export const emailRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  const storage = storageFor(ctx.config);

  const normalise = (r: DashboardRequest, list: ListColumns): DashboardRequest => {
    if (r.sorting_field !== undefined && !list.sorts.has(r.sorting_field)) {
      throw httpError(400, `Unknown sort field "${r.sorting_field}": one of ${[...list.sorts.keys()].join(', ')}`);
    }
    return {
      ...r,
      panelist: r.panelist ?? 'all',
      dashboard: r.dashboard ?? 'focus',
      sorting_field: r.sorting_field ?? list.defaultSort.field,
      sorting_direction: r.sorting_direction ?? list.defaultSort.direction,
    };
  };

  app.post<{ Body: DashboardRequest }>('/api/emails/list', { config: view, schema: { body: requestSchema } }, async (req): Promise<DashboardResponse> => {
    // Columns and sorts of the metadata version serving now, so a reload reaches the SELECT.
    const list = await listColumns(db);
    return listEmails(db, scoped(req, normalise(req.body, list)), list);
  });

  app.post<{ Body: SearchRequest }>(
    '/api/emails/search',
    { config: view, schema: { body: { type: 'object', required: ['search', 'request'], properties: { search: searchSchema, request: requestSchema } } } },
    async (req): Promise<DashboardResponse> => {
      const search = await withDefaultDates(db, req.body.search);
      const problem = searchProblem(search);
      if (problem) throw httpError(400, problem);
      const list = await listColumns(db);
      return listEmails(db, scoped(req, normalise({ ...req.body.request, search }, list)), list);
    },
  );

  app.post<{ Body: EmailUpdateRequest }>(
    '/api/emails',
    { config: edit, schema: { body: { type: 'object', required: ['type', 'payload'], properties: { type: { const: 'update' }, payload: { type: 'array', maxItems: 1000, items: updateItem } } } } },
    async (req): Promise<EmailUpdateResponse> => {
      await requireEmailAccess(db, req, req.body.payload.map((u) => u.muid));
      return { status: 'ok', rows: await updateEmails(db, req.auth, req.body.payload) };
    },
  );

  app.post<{ Body: { muid: number } }>('/api/emails/read-email', { config: edit, schema: { body: muidBody } }, async (req): Promise<EmailUpdateResponse> => {
    await requireEmailAccess(db, req, [req.body.muid]);
    const r = await db.query<EmailRowState>(
      `update emails set email_read = 1 where muid = $1 returning muid, row_version, deleted, panelist_core, panelist_score, email_read`,
      [req.body.muid],
    );
    if (r.rows.length === 0) throw httpError(404, emailMessages().emailMissing);
    return { status: 'ok', rows: r.rows.map((row) => ({ ...row, muid: Number(row.muid) })) };
  });

  app.post<{ Body: UpdateScoreRequest }>(
    '/api/emails/update-score',
    { config: edit, schema: { body: { type: 'object', required: ['muid', 'panelist_score'], properties: { muid: { type: 'integer' }, panelist_score: { type: 'string' }, index_name: { type: 'string' } } } } },
    async (req): Promise<EmailUpdateResponse> => {
      // 000 §7: status 'ok' is success, otherwise payload.msg is the error (shown in a red toast).
      if (req.body.panelist_score.length > 10) return { status: 'error', payload: { msg: emailMessages().invalidPoints } };
      if (!(await emailHead(db, req.body.muid))) return { status: 'error', payload: { msg: emailMessages().emailMissing } };
      await requireEmailAccess(db, req, [req.body.muid]);
      try {
        return { status: 'ok', rows: await updateEmails(db, req.auth, [{ muid: req.body.muid, panelist_score: req.body.panelist_score }]) };
      } catch (e) {
        // A refused value (not in the Points list) is this call's kind of answer, shown in the red toast.
        if (e instanceof HttpError && e.statusCode === 400) return { status: 'error', payload: { msg: e.message } };
        throw e;
      }
    },
  );

  const moveSchema = { body: { type: 'object', required: ['muids'], properties: { muids: muidList } } };
  app.post<{ Body: MoveRequest }>('/api/emails/move-to-glacier', { config: edit, schema: moveSchema }, async (req): Promise<MoveResponse> => {
    await requireEmailAccess(db, req, req.body.muids);
    return { status: 'ok', ...(await moveEmails(db, req.auth, req.body.muids, 'glacier')) };
  });
  app.post<{ Body: MoveRequest }>('/api/emails/move-to-focus', { config: edit, schema: moveSchema }, async (req): Promise<MoveResponse> => {
    await requireEmailAccess(db, req, req.body.muids);
    return { status: 'ok', ...(await moveEmails(db, req.auth, req.body.muids, 'focus')) };
  });

  app.post<{ Body: { muid?: number; payload?: Array<{ muid: number }>; entryID?: string } }>(
    '/api/emails/assign-copy',
    {
      config: edit,
      schema: { body: { type: 'object', properties: { muid: { type: 'integer', minimum: 1 }, payload: { type: 'array', maxItems: 1000, items: { type: 'object', required: ['muid'], properties: { muid: { type: 'integer', minimum: 1 } } } }, entryID: str(100) } } },
    },
    async (req): Promise<AssignCopyLookupResponse | AssignCopyResponse> => {
      const b = req.body;
      await requireEmailAccess(db, req, [...(b.muid === undefined ? [] : [b.muid]), ...(b.payload ?? []).map((p) => p.muid)]);
      if (b.payload === undefined && b.entryID === undefined) {
        if (b.muid === undefined) throw httpError(400, emailMessages().selectEmail);
        return lookupCopy(db, req.auth, b.muid);
      }
      return assignCopies(db, req.auth, (b.payload ?? []).map((p) => p.muid), b.entryID ?? '');
    },
  );

  // The product screens' list of the product's emails: for whoever may view the product (editors
  // need not have the dashboards); its sectors and the emails' panelist types are checked as elsewhere.
  app.get<{ Params: { product_id: string } }>(
    '/api/emails/product/:product_id',
    { config: { permission: { module: 'product', operation: 'view' } }, schema: { params: { type: 'object', required: ['product_id'], properties: { product_id: { type: 'string', pattern: '^[0-9]{1,15}$' } } } } },
    async (req): Promise<ProductEmailsResponse> => productEmails(db, req, Number(req.params.product_id)),
  );

  app.get('/api/emails/raw-data', { config: view }, async () => rawData(db));
  app.get<{ Params: { country: string } }>(
    '/api/emails/states/:country',
    { config: view, schema: { params: { type: 'object', properties: { country: { enum: ['all', 'ALL', '0', 'US', 'CA', 'us', 'ca'] } } } } },
    async (req) => listStates(db, req.params.country),
  );

  app.get<{ Params: { muid: string } }>('/api/emails/email/:muid', { config: view, schema: { params: muidParam } }, async (req) => {
    await requireEmailAccess(db, req, [muidOf(req.params)]);
    const head = await emailHead(db, muidOf(req.params));
    if (!head) throw httpError(404, emailMessages().emailMissing);
    return head;
  });
  app.get<{ Params: { muid: string } }>('/api/emails/detail/:muid', { config: view, schema: { params: muidParam } }, async (req) => {
    await requireEmailAccess(db, req, [muidOf(req.params)]);
    const d = await emailDetail(db, muidOf(req.params));
    if (!d) throw httpError(404, emailMessages().emailMissing);
    // Inline (cid:) images travel with the HTML as data: URLs: the sandboxed frame loads nothing else.
    return d.html_body ? { ...d, html_body: resolveCidRefs(d.html_body, await inlineImages(db, d.muid, storage)) } : d;
  });
  app.get<{ Params: { muid: string } }>('/api/emails/body/:muid', { config: view, schema: { params: muidParam } }, async (req) => {
    await requireEmailAccess(db, req, [muidOf(req.params)]);
    const b = await emailBody(db, muidOf(req.params));
    if (!b) throw httpError(404, emailMessages().emailMissing);
    return b.html ? { ...b, html: resolveCidRefs(b.html, await inlineImages(db, b.muid, storage)) } : b;
  });
  // View Original: the message as received, as inert text (never rendered as HTML).
  app.get<{ Params: { muid: string } }>('/api/emails/original/:muid', { config: view, schema: { params: muidParam } }, async (req, reply) => {
    await requireEmailAccess(db, req, [muidOf(req.params)]);
    const raw = await emailRaw(db, muidOf(req.params), storage);
    if (!raw) throw httpError(404, emailMessages().emailMissing);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(raw);
  });
};
