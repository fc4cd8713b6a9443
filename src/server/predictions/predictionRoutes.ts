import { storageFor } from '../storage/storageFor';
import type { AcceptRequest, RejectRequest } from '../../api/predictionTypes';
import { requireAuth } from '../auth/access';
import { requireEmailAccess } from '../auth/objectAccess';
import { searchSchema } from '../emails/searchSchema';
import { httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { acceptPrediction } from './acceptPrediction';
import { emailCompanyRoutes } from './emailCompanyRoutes';
import { emailPredictions } from './emailPredictions';
import { currentModelInfo, type ModelVariant } from './modelStore';
import { predictionStatus } from './predictionStatus';
import { rescoreEmail } from './scoreEmails';
import { spaceyList, type SpaceyListRequest } from './spaceyList';
import { spaceyMessage } from './spaceyMessages';

const view = { permission: { module: 'spacy', operation: 'view' } };
const edit = { permission: { module: 'spacy', operation: 'edit' } };

const muidParam = { type: 'object', required: ['muid'], properties: { muid: { type: 'string', pattern: '^[0-9]{1,18}$' } } } as const;
const variantQuery = { type: 'object', properties: { variant: { enum: ['current', '2019'] } } } as const;
const target = { enum: ['sector', 'category', 'mailing_type', 'company'] } as const;
// Code and company ids: PostgreSQL integers, so at most nine digits.
const label = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;

/** 000 §7 "Predictions and companies": the spacey list, an email's predictions, accept/reject, companies. */
export const predictionRoutes: RoutePlugin = async (app, opts) => {
  const db = opts.ctx.db;
  const storage = storageFor(opts.ctx.config);

  app.post<{ Body: SpaceyListRequest }>(
    '/api/spacey/list',
    {
      config: view,
      schema: {
        body: {
          type: 'object',
          required: ['page', 'perpage'],
          properties: {
            page: { type: 'integer', minimum: 1 },
            perpage: { type: 'integer', minimum: 1, maximum: 50 },
            // The sort keys are schemas/dashboards/spacey.json's, checked per request (spaceyList).
            sorting_field: { type: 'string', maxLength: 63 },
            sorting_direction: { enum: ['asc', 'desc'] },
            variant: { enum: ['current', '2019'] },
            search: searchSchema,
          },
        },
      },
    },
    async (req) => spaceyList(db, req.auth, req.body),
  );

  app.get<{ Params: { muid: string }; Querystring: { variant?: ModelVariant } }>(
    '/api/spacey/predictions/:muid',
    { config: view, schema: { params: muidParam, querystring: variantQuery } },
    async (req) => {
      // Panelist-type modules apply to every email read (issue 11).
      await requireEmailAccess(db, req, [Number(req.params.muid)]);
      const p = await emailPredictions(db, Number(req.params.muid), req.query.variant ?? 'current');
      if (!p) throw httpError(404, 'Email not found');
      return p;
    },
  );

  app.post<{ Params: { muid: string }; Body: AcceptRequest }>(
    '/api/spacey/accept/:muid',
    { config: edit, schema: { params: muidParam, body: { type: 'object', additionalProperties: false, properties: { sector: label, category: label, mailing_type: label, company: label } } } },
    async (req) => {
      await requireEmailAccess(db, req, [Number(req.params.muid)]);
      return acceptPrediction(db, storage, req, Number(req.params.muid), req.body);
    },
  );

  app.post<{ Params: { muid: string }; Body: RejectRequest }>(
    '/api/spacey/reject/:muid',
    { config: edit, schema: { params: muidParam, body: { type: 'object', required: ['target', 'label'], properties: { target, label } } } },
    async (req) => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      const exists = await db.query('select 1 from emails where muid = $1', [muid]);
      if (exists.rows.length === 0) throw httpError(404, 'Email not found');
      await requireEmailAccess(db, req, [muid]);
      const info = await currentModelInfo(db, 'current');
      await db.query(
        `insert into prediction_feedback (muid, model_version, target, label, verdict, username) values ($1, $2, $3, $4, 'reject', $5)`,
        [muid, info?.version ?? null, req.body.target, req.body.label, auth.username],
      );
      // The rejected label leaves this email's predictions now; the next training counts the feedback.
      await rescoreEmail(db, muid);
      return { status: 'ok', msg: spaceyMessage('rejected') };
    },
  );

  app.get('/api/spacey/status', { config: view }, async () => predictionStatus(db));

  await app.register(emailCompanyRoutes, opts);
};
