import type { DedupSearchRequest, ImportLogsRequest } from '../../api/emailTypes';
import { noPermissionMessage } from '../auth/access';
import { httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { dedupCompare, listDeduplicates } from './deduplicates';
import { importJobLogs, listImportJobs } from './importLogs';

const cronlogs = { permission: { module: 'cronlogs', operation: 'view' } };
const dedup = { permission: { module: 'deduplicates', operation: 'view' } };

const paging = {
  type: 'object',
  required: ['page', 'perpage'],
  properties: {
    page: { type: 'integer', minimum: 1 },
    perpage: { type: 'integer', minimum: 1, maximum: 100 },
    tot_deduplicates: { type: ['integer', 'null'] },
    // The sort keys are schemas/dashboards/deduplicates.json's, checked per request (listDeduplicates).
    sorting_field: { type: 'string', maxLength: 63 },
    sorting_direction: { enum: ['asc', 'desc'] },
  },
} as const;
const dedupSearch = {
  type: 'object',
  properties: { query: { type: 'string', maxLength: 1000 }, by_id: { type: 'boolean' }, by_subject: { type: 'boolean' } },
} as const;

/** Import job logs and deduplicates (000 §7 "Import logs and duplicates"). */
export const logRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  app.get('/api/import-jobs', { config: cronlogs }, async () => listImportJobs(db));
  app.post<{ Body: ImportLogsRequest }>(
    '/api/import-jobs/logs',
    {
      config: cronlogs,
      schema: { body: { type: 'object', required: ['cron_log_id', 'page', 'perpage'], properties: { cron_log_id: { type: 'integer' }, page: { type: 'integer', minimum: 1 }, perpage: { type: 'integer', minimum: 1, maximum: 100 }, tot_logs: { type: ['integer', 'null'] } } } },
    },
    async (req) => importJobLogs(db, req.body),
  );

  app.post<{ Body: DedupSearchRequest['payload'] }>('/api/deduplicates', { config: dedup, schema: { body: paging } }, async (req) =>
    listDeduplicates(db, req.auth, { search: { query: '', by_id: true, by_subject: false }, payload: req.body }),
  );
  app.post<{ Body: DedupSearchRequest }>(
    '/api/deduplicates/search',
    { config: dedup, schema: { body: { type: 'object', required: ['search', 'payload'], properties: { search: dedupSearch, payload: paging } } } },
    async (req) => listDeduplicates(db, req.auth, req.body),
  );
  app.get<{ Params: { id: string } }>(
    '/api/deduplicates/:id',
    { config: dedup, schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } } } } },
    async (req) => {
      const c = await dedupCompare(db, req.auth, Number(req.params.id));
      if (!c) throw httpError(404, 'Duplicate group not found.');
      // The group's original is an email of a panelist type the caller may not see (issue 11).
      if (c === 'hidden') throw httpError(403, noPermissionMessage);
      return c;
    },
  );
};
