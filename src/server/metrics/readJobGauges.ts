import type { Queryable } from '../db/Db';
import { jobSchema } from '../jobs/openJobQueue';
import { jobQueueDepth, jobsByState } from './portalMetrics';

const reported = ['created', 'retry', 'active', 'failed'] as const;

/**
 * Sets the job gauges from the queue table (pg-boss's `job`, shared by every instance): what waits,
 * runs and failed per kind, as the database sees it at this scrape. Completed jobs are left out
 * (they are the bulk of the table and are archived after a week).
 */
export async function readJobGauges(db: Queryable): Promise<void> {
  const exists = await db.query<{ t: string | null }>(`select to_regclass('${jobSchema}.job')::text as t`);
  jobsByState.reset();
  jobQueueDepth.reset();
  if (!exists.rows[0]?.t) return;
  const rows = await db.query<{ name: string; state: string; n: number }>(
    `select name, state::text as state, count(*)::int as n from ${jobSchema}.job where state::text = any($1) group by name, state`,
    [reported],
  );
  const waiting = new Map<string, number>();
  for (const r of rows.rows) {
    jobsByState.set({ kind: r.name, state: r.state }, Number(r.n));
    if (r.state === 'created' || r.state === 'retry') waiting.set(r.name, (waiting.get(r.name) ?? 0) + Number(r.n));
  }
  for (const [kind, n] of waiting) jobQueueDepth.set({ kind }, n);
}
