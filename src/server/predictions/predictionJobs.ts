import type { Db } from '../db/Db';
import type { JobQueue } from '../jobs/JobQueue';
import { scoreEmails } from './scoreEmails';

/** The predictions' job kind: score a slice of what the newest model versions have not scored. */
export const scoreJob = 'predictions.score';

/** Emails scored per job: a slice keeps each job short, and the job queues the next one itself. */
export const scoreSlice = 500;

const singletonKey = 'unscored';

/** Queues a scoring pass (at most one waits while one runs, whichever instance queued it). */
export const queueScoring = (jobs: JobQueue) => jobs.enqueue(scoreJob, {}, { singletonKey });

/**
 * Registers the scoring job on this instance. Each job scores one slice (newest emails first, so
 * /spacy's default view fills first) and queues the next while any were left; a restart resumes
 * from the queue, and with several instances one scores at a time.
 */
export async function registerPredictionJobs(jobs: JobQueue, db: Db, opts: { pauseAfterFirstBatch?: boolean } = {}): Promise<void> {
  // PORTAL_TEST_PAUSE_AT=predictions.score: a crash test kills the server while a job holds here.
  const afterBatch = opts.pauseAfterFirstBatch ? () => new Promise<void>(() => undefined) : undefined;
  await jobs.register(
    scoreJob,
    async () => {
      const scored = await scoreEmails(db, { limit: scoreSlice, afterBatch });
      if (Object.values(scored).some((n) => n > 0)) await queueScoring(jobs);
      return { scored };
    },
    { expireInSeconds: 900, pollingIntervalSeconds: 1 },
  );
}

/** Queues a scoring pass now and every `intervalMs` (emails imported or a model trained elsewhere). */
export function startScoringTicker(jobs: JobQueue, intervalMs: number, onError: (err: unknown) => void): { stop(): void } {
  const tick = () => void queueScoring(jobs).catch(onError);
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return { stop: () => clearInterval(timer) };
}
