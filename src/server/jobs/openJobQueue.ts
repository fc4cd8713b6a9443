import PgBoss from 'pg-boss';
import type { Db } from '../db/Db';
import { jobFailures } from '../metrics/portalMetrics';
import type { EnqueueOptions, JobHandler, JobKindOptions, JobQueue, JobRecord, JobState } from './JobQueue';
import { openJobLiveness } from './jobLiveness';
import { pgBossDb } from './pgBossDb';

/** The schema pg-boss keeps its tables in (`pgboss.job` is the job table the screens read). */
export const jobSchema = 'pgboss';

export interface JobQueueOptions {
  /**
   * Seconds between maintenance passes (expire jobs of dead instances, archive, purge); one
   * instance at a time does it. Default 60.
   */
  maintenanceIntervalSeconds?: number;
  /** Where queue errors go (a failed poll, a failed maintenance pass). */
  onError?: (err: unknown) => void;
  /**
   * The PostgreSQL server's URL: each instance then holds a liveness lock on a connection of its
   * own, and the jobs of an instance that died are retried within `livenessIntervalSeconds` instead
   * of after their expiry. Without it only expiry hands them back.
   */
  databaseUrl?: string;
  /** Seconds between checks for jobs of dead instances on PostgreSQL (default 5). */
  livenessIntervalSeconds?: number;
}

/** The failure recorded on a job whose instance died while running it (the retry follows). */
export const abandonedMessage = 'the instance running this job stopped';

/** Seconds between polls on PGlite, where the instance wakes its own workers (below). */
const pgliteSafetyPollSeconds = 30;

const defaultKind: Required<JobKindOptions> = { expireInSeconds: 900, retryLimit: 2, pollingIntervalSeconds: 2 };

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** Advisory lock key serialising queue creation across instances on one PostgreSQL database. */
const createQueueLockKey = 7_100_023;

/**
 * Creates queues unless they exist, one at a time across instances. pg-boss inserts a queue's row
 * and then creates its partition with DDL (a foreign key to the queue table), so two connections
 * creating new queues at once deadlock and PostgreSQL aborts one: instances started together
 * register the same kinds at the same moment, and the aborted one failed to start. On PostgreSQL
 * a transaction holds an advisory lock while pg-boss creates the queue on another pooled
 * connection; one creation at a time per process, so waiting never takes every pooled connection.
 * PGlite is one connection in one process: nothing runs beside the creation there.
 */
function queueCreator(db: Db, boss: PgBoss) {
  let chain: Promise<unknown> = Promise.resolve();
  return (name: string, kind: Required<JobKindOptions>): Promise<void> => {
    const create = async () => {
      if (await boss.getQueue(name)) return;
      // Stately: per singleton key one job waits and one runs (enqueue gives unkeyed jobs a key of their own).
      const run = () => boss.createQueue(name, { name, policy: 'stately', expireInSeconds: kind.expireInSeconds, retryLimit: kind.retryLimit, retryDelay: 1 });
      if (db.kind !== 'postgres') return run();
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [createQueueLockKey]);
        await run();
      });
    };
    const done = chain.then(create);
    chain = done.catch(() => undefined);
    return done;
  };
}

/**
 * Opens the job queue on `db` (creating pg-boss's tables on first use) and starts maintenance.
 * See JobQueue.ts for the contract and README "Background jobs" for operations.
 */
export async function openJobQueue(db: Db, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: pgBossDb(db) as PgBoss.Db,
    schema: jobSchema,
    // Cron scheduling is not used (the drop folder keeps its own interval timer), so its
    // clock-skew and cron polls stay off.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on('error', (err: unknown) => {
    // A second job of a stately key becoming active while one runs is refused by pg-boss's unique
    // index and simply retried at the next poll: not an error worth reporting.
    if ((err as { code?: string }).code === '23505') return;
    opts.onError?.(err);
  });
  await boss.start();
  const liveness = await openJobLiveness(db, opts.databaseUrl);

  // Jobs left active by a killed process go back to the queue as a failed attempt (retried while
  // their retry limit allows). On PGlite this process owns the database, so every active job at
  // start is such a job; on PostgreSQL the instance's liveness lock tells.
  const failAbandoned = async (jobs: Array<{ kind: string; id: string }>) => {
    const byKind = new Map<string, string[]>();
    for (const j of jobs) byKind.set(j.kind, [...(byKind.get(j.kind) ?? []), j.id]);
    for (const [kind, ids] of byKind) {
      for (const id of ids) await boss.fail(kind, id, { message: abandonedMessage });
      await db.query('delete from job_runs where job_id = any($1::uuid[])', [ids]);
    }
  };
  if (db.kind === 'pglite') {
    const active = await db.query<{ kind: string; id: string }>(`select name as kind, id::text as id from ${jobSchema}.job where state = 'active'`);
    await failAbandoned(active.rows);
  } else await failAbandoned(await liveness.orphaned(jobSchema));
  const livenessTimer =
    db.kind === 'postgres' && opts.databaseUrl
      ? setInterval(() => void liveness.orphaned(jobSchema).then(failAbandoned).catch((err: unknown) => opts.onError?.(err)), (opts.livenessIntervalSeconds ?? 5) * 1000)
      : undefined;
  livenessTimer?.unref();

  const createQueue = queueCreator(db, boss);
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string, kind: Required<JobKindOptions>) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = createQueue(name, kind);
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };

  const toRecord = (job: Record<string, unknown>): JobRecord => ({
    id: String(job.id),
    name: String(job.name),
    state: job.state as JobState,
    payload: job.data ?? null,
    output: job.output ?? null,
    retryCount: Number(job.retryCount ?? job.retry_count ?? 0),
    createdOn: iso(job.createdOn ?? job.created_on) ?? '',
    startedOn: iso(job.startedOn ?? job.started_on),
    completedOn: iso(job.completedOn ?? job.completed_on),
  });

  const get = async (name: string, id: string): Promise<JobRecord | null> => {
    const job = (await boss.getJobById(name, id, { includeArchive: true } as never)) as Record<string, unknown> | null;
    return job ? toRecord(job) : null;
  };

  // This instance's workers, woken when it queues their kind (or when a queued or retried job becomes
  // due) instead of at their next poll. On PGlite this process is the database's only client, so
  // nothing else queues: the poll is only a safety net and runs rarely (an idle portal's polls were
  // its main CPU use). On PostgreSQL other instances queue too: each keeps polling at its interval.
  const workers = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const wake = (name: string, afterSeconds = 0) => {
    const id = workers.get(name);
    if (!id || stopped) return;
    if (afterSeconds <= 0) return boss.notifyWorker(id);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) boss.notifyWorker(id);
    }, afterSeconds * 1000 + 50);
    timer.unref();
    timers.add(timer);
  };
  let stopped = false;
  return {
    async enqueue(name, payload, eo: EnqueueOptions = {}) {
      await ensureQueue(name, defaultKind);
      const id = await boss.send(name, payload, {
        singletonKey: eo.singletonKey ?? `job:${crypto.randomUUID()}`,
        ...(eo.startAfterSeconds ? { startAfter: eo.startAfterSeconds } : {}),
      });
      wake(name, eo.startAfterSeconds);
      return id;
    },
    async register<P extends object>(name: string, handler: JobHandler<P>, ko: JobKindOptions = {}) {
      const kind = { ...defaultKind, ...ko };
      jobFailures.inc({ kind: name }, 0);
      await ensureQueue(name, kind);
      // The queue may have been created by an enqueue with the defaults: the handler's limits win.
      await boss.updateQueue(name, { name, policy: 'stately', expireInSeconds: kind.expireInSeconds, retryLimit: kind.retryLimit, retryDelay: 1 });
      const pollingIntervalSeconds = db.kind === 'pglite' ? Math.max(kind.pollingIntervalSeconds, pgliteSafetyPollSeconds) : kind.pollingIntervalSeconds;
      const workerId = await boss.work<P>(name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
        await liveness.started(name, job.id);
        try {
          return await handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount });
        } catch (err) {
          jobFailures.inc({ kind: name });
          // Its retry is due the queue's retryDelay (1 s) after pg-boss records the failure, which
          // follows this throw: a second's margin for that write on a busy machine.
          if (job.retryCount < kind.retryLimit) wake(name, 2);
          throw err;
        } finally {
          await liveness.finished(job.id).catch(() => undefined);
        }
      });
      workers.set(name, workerId);
    },
    get,
    async waitFor(name, id, wo = {}) {
      const until = Date.now() + (wo.timeoutMs ?? 60_000);
      for (let pause = 50; ; pause = Math.min(500, pause * 2)) {
        const rec = await get(name, id);
        if (rec && (rec.state === 'completed' || rec.state === 'failed' || rec.state === 'cancelled')) return rec;
        if (Date.now() > until) throw new Error(`job ${name} ${id} did not finish within ${wo.timeoutMs ?? 60_000} ms (state: ${rec?.state ?? 'unknown'})`);
        await new Promise((r) => setTimeout(r, pause));
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      // Running handlers get 30 s to finish; what is still active then is retried by another instance after expiry.
      clearInterval(livenessTimer);
      await boss.stop({ graceful: true, wait: true, timeout: 30_000, close: false });
      await liveness.close();
    },
  };
}
