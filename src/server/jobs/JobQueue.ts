/**
 * Durable background jobs (pg-boss on the portal's database: PGlite or PostgreSQL, same code).
 *
 *   const jobs = ctx.jobs;
 *   await jobs.register('pdf.extract', async (payload: { uploadId: number }, job) => {
 *     ...;                        // do the work; throw to fail (retried up to retryLimit)
 *     return { pages: 3 };        // stored as the job's output (JobRecord.output)
 *   }, { expireInSeconds: 600 });
 *   const id = await jobs.enqueue('pdf.extract', { uploadId: 12 }, { singletonKey: 'upload-12' });
 *
 * A job is a row in the database until it completes: it survives restarts, and with several
 * instances on one PostgreSQL server exactly one instance runs it. An instance that dies mid-job
 * leaves it `active`; it goes back to be retried at the next start (PGlite) or within seconds on a
 * live instance (PostgreSQL: jobLiveness.ts), at the latest once `expireInSeconds` has passed (so
 * handlers must be safe to run again: do their writes in one transaction, or check what a previous
 * attempt left). Handlers are registered per instance; every instance that
 * should run a kind of job registers it at start-up (runServer does, for the portal's own jobs).
 */
export interface JobQueue {
  /**
   * Queues a job. With `singletonKey`, at most one job of that name and key waits while one runs
   * (a second enqueue while one is waiting returns null): use it for "do this once more soon"
   * work such as a folder scan. Without it every call queues a job. Returns the job id.
   */
  enqueue<P extends object>(name: string, payload: P, opts?: EnqueueOptions): Promise<string | null>;
  /** Runs `handler` for jobs named `name` on this instance. Call once per name. */
  register<P extends object>(name: string, handler: JobHandler<P>, opts?: JobKindOptions): Promise<void>;
  /** A job's state and output (null when unknown). */
  get(name: string, id: string): Promise<JobRecord | null>;
  /** Resolves when the job has completed or failed for good (polls the job table). */
  waitFor(name: string, id: string, opts?: { timeoutMs?: number }): Promise<JobRecord>;
  /** Stops fetching new jobs and waits (up to a limit) for the running ones; closes nothing else. */
  stop(): Promise<void>;
}

export interface EnqueueOptions {
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobKindOptions {
  /** How long a run may take before another instance may take the job over (default 900 s). */
  expireInSeconds?: number;
  /** Retries after a failure or an expiry (default 2). */
  retryLimit?: number;
  /** Seconds between polls for new jobs on this instance (default 2, at least 0.5). */
  pollingIntervalSeconds?: number;
}

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<unknown>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  payload: unknown;
  /** What the handler returned (completed), or the error (failed). */
  output: unknown;
  retryCount: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
}
