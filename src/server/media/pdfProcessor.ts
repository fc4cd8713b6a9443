import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/Db';
import type { JobQueue } from '../jobs/JobQueue';
import type { FileStorage } from '../storage/FileStorage';
import { claimPdfJob, claimPdfJobById, failPdfJob, newOwnerId, openPdfJobs, queueJobOwner, runPdfJob, type PdfJobRow } from './pdfJobs';

export interface PdfProcessor {
  /** Look for open jobs now (after an upload or a resample). */
  wake(): void;
  /** Resolves when this process has nothing left to do (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs and ends the one running; its row lets the next start resume it. */
  stop(): Promise<void>;
}

interface Deps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** The portal's durable job queue (runServer opens it); without it (an app built alone) jobs run in-process. */
  jobs?: JobQueue;
  pollMs?: number;
  /** Tests only: PdfJobDeps.pauseAfterPage. */
  pauseAfterPage?: number;
}

/** The job-queue job that processes one product PDF: `{ file_id }`. */
export const pdfJobName = 'product.pdf';

/**
 * Runs product PDF jobs in the background. Each uploaded PDF is a row (product_pdf_jobs, written
 * in the upload's transaction) that says what is open and how far it got; the portal's job queue
 * runs them (one queue job per open row). A render whose process died resumes when the queue
 * retries its queue job (at the next start on the embedded database, within seconds on another
 * instance on PostgreSQL): the retry holds the row's lease already (queueJobOwner). Otherwise a row
 * is taken over once its lease runs out; on the embedded database no other process can hold a job,
 * so at start a running row is a killed process's. A job that finishes twice changes nothing the
 * second time (the row's lease decides).
 */
export function startPdfProcessor(deps: Deps): PdfProcessor {
  const owner = newOwnerId();
  const abort = new AbortController();
  let stopped = false;
  let first = true;
  const { db, log } = deps;

  const run = async (job: PdfJobRow, runOwner = owner) => {
    try {
      await runPdfJob({ db, storage: deps.storage, owner: runOwner, signal: abort.signal, pauseAfterPage: deps.pauseAfterPage }, job);
      log.info({ file_id: job.file_id, product_id: job.product_id }, 'product PDF processed');
    } catch (err) {
      if (stopped) throw err;
      log.error({ err, file_id: job.file_id, product_id: job.product_id }, 'product PDF processing failed');
      await failPdfJob(db, runOwner, job, err);
    }
  };

  const recover = async () => {
    if (first && db.kind === 'pglite') {
      first = false;
      await db.query(`update product_pdf_jobs set lease_until = now() - interval '1 second' where status = 'running'`);
    }
  };

  let running: Promise<void> | undefined;
  let again = false;
  const idleWaiters: Array<() => void> = [];

  // With the job queue: one queue job per open row; a duplicate finds the row taken and returns.
  const queued = async () => {
    const jobs = deps.jobs as JobQueue;
    for (const fileId of await openPdfJobs(db)) await jobs.enqueue(pdfJobName, { file_id: fileId }, { singletonKey: `pdf-${fileId}-${owner}` });
  };
  // Without it: this process works through the open rows itself.
  const inProcess = async () => {
    for (;;) {
      if (stopped) return;
      const job = await claimPdfJob(db, owner);
      if (!job) return;
      await run(job);
    }
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = recover()
      .then(() => (deps.jobs ? queued() : inProcess()))
      .catch((err: unknown) => log.error({ err }, 'PDF jobs could not be started'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) wake();
        else for (const w of idleWaiters.splice(0)) w();
      });
  };

  const registered = deps.jobs
    ? deps.jobs.register<{ file_id: string }>(
        pdfJobName,
        async (p, queueJob) => {
          const jobOwner = queueJobOwner(queueJob.id);
          const job = await claimPdfJobById(db, jobOwner, p.file_id);
          if (!job) return { skipped: true };
          await run(job, jobOwner);
          return { file_id: p.file_id };
        },
        // Retried when its instance dies mid-render (or stops): the retry resumes the render.
        { expireInSeconds: 3600, retryLimit: 2 },
      )
    : Promise.resolve();
  void registered.then(wake, (err: unknown) => log.error({ err }, 'PDF job kind could not be registered'));

  // Rows whose lease ran out on another instance are picked up on the next poll.
  const timer = setInterval(wake, deps.pollMs ?? 30_000);
  timer.unref();

  return {
    wake,
    idle: () => (running ? new Promise<void>((r) => idleWaiters.push(r)) : Promise.resolve()),
    async stop() {
      stopped = true;
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
