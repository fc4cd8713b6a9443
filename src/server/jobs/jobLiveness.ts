import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/Db';

/** Which instance runs each active queue job: a job whose instance died goes back to the queue. */
const jobRunsTable = `create table if not exists job_runs (
  job_id uuid primary key,
  kind text not null,
  instance integer not null,
  started_at timestamptz not null default now()
)`;

/** Advisory lock class of instance liveness (the object id is the instance number). */
const livenessLockClass = 7_100_024;

export interface JobLiveness {
  /** This process's instance number. */
  readonly instance: number;
  started(kind: string, jobId: string): Promise<void>;
  finished(jobId: string): Promise<void>;
  /** Active jobs whose instance has died (its lock is free), oldest first. */
  orphaned(schema: string): Promise<Array<{ kind: string; id: string }>>;
  close(): Promise<void>;
}

/**
 * Tells live instances from dead ones. On PostgreSQL each instance holds a session advisory lock on
 * a connection of its own: a killed process's connection closes and the lock with it, so another
 * instance that can take the lock knows the job's instance is gone. On PGlite one process owns the
 * database: any other instance recorded there is dead.
 */
export async function openJobLiveness(db: Db, databaseUrl?: string): Promise<JobLiveness> {
  const instance = randomInt(1, 2 ** 31 - 1);
  // The queue's own table, beside pg-boss's (created with it, not by a migration); one creator at a time.
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1, 0)', [livenessLockClass]);
    await tx.exec(jobRunsTable);
  });
  let holder: pg.Client | undefined;
  let closed = false;
  const hold = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('error', () => {
      // The server restarted or the connection dropped: the lock went with it; take it again.
      holder = undefined;
      c.end().catch(() => undefined);
      if (!closed) setTimeout(() => void hold().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query('select pg_advisory_lock($1, $2)', [livenessLockClass, instance]);
    if (closed) await c.end();
    else holder = c;
  };
  if (db.kind === 'postgres' && databaseUrl) await hold();

  const dead = async (others: number[]): Promise<Set<number>> => {
    if (db.kind === 'pglite') return new Set(others);
    if (!databaseUrl) return new Set(); // no liveness: expiry alone hands such jobs back
    const out = new Set<number>();
    for (const other of others) {
      // A transaction-scoped try: taken only if nobody holds it, released at commit.
      const free = await db.transaction((tx) => tx.query<{ free: boolean }>('select pg_try_advisory_xact_lock($1, $2) as free', [livenessLockClass, other]));
      if (free.rows[0].free) out.add(other);
    }
    return out;
  };

  return {
    instance,
    async started(kind, jobId) {
      await db.query('insert into job_runs (job_id, kind, instance) values ($1, $2, $3) on conflict (job_id) do update set instance = excluded.instance, started_at = now()', [jobId, kind, instance]);
    },
    async finished(jobId) {
      await db.query('delete from job_runs where job_id = $1 and instance = $2', [jobId, instance]);
    },
    async orphaned(schema) {
      // Runs of jobs no longer active are history: drop them.
      await db.query(`delete from job_runs r where not exists (select 1 from ${schema}.job j where j.id = r.job_id and j.state = 'active')`);
      const runs = await db.query<{ kind: string; id: string; instance: number }>(
        `select r.kind, r.job_id::text as id, r.instance from job_runs r where r.instance <> $1 order by r.started_at`,
        [instance],
      );
      if (runs.rows.length === 0) return [];
      const gone = await dead([...new Set(runs.rows.map((r) => r.instance))]);
      return runs.rows.filter((r) => gone.has(r.instance)).map((r) => ({ kind: r.kind, id: r.id }));
    },
    async close() {
      closed = true;
      await holder?.end().catch(() => undefined);
    },
  };
}
