import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';
import { claimPdfJob, failPdfJob, newOwnerId, runPdfJob } from './pdfJobs';

export interface PdfProcessor {
  /** Look for open jobs now (after an upload or a resample). */
  wake(): void;
  /** Resolves when no job is open or running in this process (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs and ends the one running; its lease lets the next start resume it. */
  stop(): Promise<void>;
}

/**
 * Runs PDF jobs one at a time in the background. On start it takes what a previous process left:
 * pending jobs, and running ones (on the embedded database no other process can hold them; on
 * PostgreSQL a job is taken over once its lease runs out). Jobs are rows, so nothing is lost
 * when the process dies mid-job.
 */
export function startPdfProcessor(deps: { db: Db; storage: FileStorage; log: FastifyBaseLogger; pollMs?: number }): PdfProcessor {
  const owner = newOwnerId();
  const abort = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const idleWaiters: Array<() => void> = [];
  let first = true;

  const loop = async () => {
    if (first && deps.db.kind === 'pglite') {
      first = false;
      // One process owns an embedded database: a running job is one a killed process left.
      await deps.db.query(`update product_pdf_jobs set lease_until = now() - interval '1 second' where status = 'running'`);
    }
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const job = await claimPdfJob(deps.db, owner);
        if (!job) break;
        try {
          await runPdfJob({ db: deps.db, storage: deps.storage, owner, signal: abort.signal }, job);
          deps.log.info({ file_id: job.file_id, product_id: job.product_id }, 'product PDF processed');
        } catch (err) {
          if (stopped) return;
          deps.log.error({ err, file_id: job.file_id, product_id: job.product_id }, 'product PDF processing failed');
          await failPdfJob(deps.db, owner, job, err);
        }
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err: unknown) => deps.log.error({ err }, 'PDF processor stopped on an error'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) wake();
        else for (const w of idleWaiters.splice(0)) w();
      });
  };

  // Jobs whose lease ran out on another instance are picked up on the next poll.
  const timer = setInterval(wake, deps.pollMs ?? 30_000);
  timer.unref();
  wake();

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
