import type { Db } from '../db/Db';
import type { AttachmentStore } from '../import/AttachmentStore';
import { groupPendingDuplicates } from '../import/groupPendingDuplicates';
import type { ImportSummary } from '../import/ImportSummary';
import { importPaths } from '../import/importPaths';
import { scanDropFolder } from '../import/startDropFolderImporter';
import type { JobQueue } from './JobQueue';

/** The portal's own job kinds (other modules register theirs the same way). */
export const portalJob = {
  /** Import email files, folders or mbox files given by path: `{ paths, source? }`. */
  importFiles: 'import.files',
  /** Scan the drop folder once: `{ dir }`, singleton per folder. */
  dropFolder: 'import.dropFolder',
  /** Group the emails queued imports left `dedup_pending`: `{}`, singleton. */
  groupDuplicates: 'emails.groupDuplicates',
} as const;

export interface ImportFilesPayload {
  paths: string[];
  source?: string;
}

export interface DropFolderPayload {
  dir: string;
}

/** A long import may run this long before another instance takes it over (its re-run skips what was stored). */
const importExpirySeconds = 3 * 3600;
/** Failures kept in a job's output (the import logs keep them all). */
const failuresInOutput = 50;

const outputOf = (s: ImportSummary) => ({ ...s, failures: s.failures.slice(0, failuresInOutput) });

/**
 * Registers the import, drop-folder and duplicate-grouping jobs on this instance. Imports store
 * their emails and leave them `dedup_pending`; one grouping job (singleton) then groups them, so
 * concurrent imports on several instances never rewrite the same groups at once.
 */
export async function registerPortalJobs(jobs: JobQueue, deps: { db: Db; attachmentStore?: AttachmentStore; pauseDropFolderAfterFirstBatch?: boolean }): Promise<void> {
  const { db, attachmentStore } = deps;
  // PORTAL_TEST_PAUSE_AT=import.dropFolder: a crash test kills the server while a scan holds here.
  const afterBatch = deps.pauseDropFolderAfterFirstBatch ? () => new Promise<void>(() => undefined) : undefined;
  const afterImport = async (summary: ImportSummary | null) => {
    if (summary && summary.imported > 0) await jobs.enqueue(portalJob.groupDuplicates, {}, { singletonKey: 'pending' });
    return summary && outputOf(summary);
  };

  await jobs.register<ImportFilesPayload>(
    portalJob.importFiles,
    async (p, job) => afterImport(await importPaths(db, p.paths, { source: p.source, attachmentStore, queueJobId: job.id, deferGrouping: true })),
    { expireInSeconds: importExpirySeconds },
  );
  await jobs.register<DropFolderPayload>(
    portalJob.dropFolder,
    async (p, job) => afterImport(await scanDropFolder({ db, dir: p.dir, attachmentStore, queueJobId: job.id, deferGrouping: true, afterBatch })),
    { expireInSeconds: importExpirySeconds },
  );
  await jobs.register(portalJob.groupDuplicates, async () => ({ grouped: await groupPendingDuplicates(db) }), { expireInSeconds: 1800 });
}

/** Queues a drop-folder scan every `intervalMs` (one waits while one runs, whichever instance queued it). */
export function startDropFolderTicker(jobs: JobQueue, dir: string, intervalMs: number, onError: (err: unknown) => void): { stop(): void } {
  const tick = () => void jobs.enqueue<DropFolderPayload>(portalJob.dropFolder, { dir }, { singletonKey: dir }).catch(onError);
  const timer = setInterval(tick, Math.max(500, intervalMs));
  timer.unref();
  tick();
  return { stop: () => clearInterval(timer) };
}
