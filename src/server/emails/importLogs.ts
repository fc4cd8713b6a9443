import { basename } from 'node:path';
import type { ImportJob, ImportLogsRequest, ImportLogsResponse } from '../../api/emailTypes';
import type { Queryable } from '../db/Db';

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** The queue jobs that write import_jobs rows (jobs/portalJobs.ts). */
const importJobNames = ['import.files', 'import.dropFolder'];

const stateOf = (endTime: unknown, queueState: string | null): ImportJob['state'] => {
  if (endTime !== null && endTime !== undefined) return 'done';
  if (queueState === 'failed' || queueState === 'cancelled' || queueState === 'completed') return 'failed';
  if (queueState === 'created' || queueState === 'retry') return 'interrupted';
  return 'running';
};

/**
 * GET import job: the timeframes (newest first) for the selector, with their state from the job
 * table (pg-boss's, once the server has opened the queue) for imports that ran as queued jobs.
 */
export async function listImportJobs(db: Queryable, limit = 500): Promise<ImportJob[]> {
  const queue = (await db.query<{ t: string | null }>(`select to_regclass('pgboss.job')::text as t`)).rows[0]?.t;
  const r = await db.query<{ id: number; start_time: unknown; end_time: unknown; queue_state: string | null }>(
    queue
      ? `select i.id, i.start_time, i.end_time, q.state::text as queue_state from import_jobs i
         left join lateral (select state from pgboss.job where name = any($2) and id = i.queue_job_id
           union all select state from pgboss.archive where name = any($2) and id = i.queue_job_id limit 1) q on true
         order by i.start_time desc, i.id desc limit $1`
      : 'select id, start_time, end_time, null as queue_state from import_jobs order by start_time desc, id desc limit $1',
    queue ? [limit, importJobNames] : [limit],
  );
  return r.rows.map((j) => ({ id: Number(j.id), start_time: iso(j.start_time) ?? '', end_time: iso(j.end_time), state: stateOf(j.end_time, j.queue_state) }));
}

/** POST import job logs {cron_log_id, page, perpage, tot_logs}: one page of a job's log rows. */
export async function importJobLogs(db: Queryable, req: ImportLogsRequest): Promise<ImportLogsResponse> {
  const perpage = Math.min(100, Math.max(1, Math.floor(req.perpage) || 50));
  const page = Math.max(1, Math.floor(req.page) || 1);
  const total =
    typeof req.tot_logs === 'number' && req.tot_logs >= 0
      ? req.tot_logs
      : Number((await db.query<{ n: number }>('select count(*)::integer as n from import_logs where job_id = $1', [req.cron_log_id])).rows[0].n);
  const r = await db.query<Record<string, unknown>>(
    `select db_muid, original_muid, email_date, mimetype as mimtype, content_length as s3_content_length, status, status_code, reason, file
     from import_logs where job_id = $1 order by id limit $2 offset $3`,
    [req.cron_log_id, perpage + 1, (page - 1) * perpage],
  );
  const rows = r.rows.slice(0, perpage).map((x) => ({
    db_muid: x.db_muid === null ? null : Number(x.db_muid),
    original_muid: (x.original_muid as string | null) ?? null,
    email_date: iso(x.email_date),
    mimtype: (x.mimtype as string | null) ?? null,
    s3_content_length: Number(x.s3_content_length),
    status: Number(x.status),
    status_code: Number(x.status_code),
    // A failure's sha256 says nothing to the operator: the file it came from and why it was refused do.
    reason: Number(x.status) === 1 ? null : `${basename(String(x.file ?? ''))}: ${(x.reason as string | null) ?? 'refused'}`,
  }));
  return { payload: rows, hasNext: r.rows.length > perpage, tot_logs: total, lastPage: Math.max(1, Math.ceil(total / perpage)) };
}
