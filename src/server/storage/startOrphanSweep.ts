import type { Db } from '../db/Db';
import type { FileStorage } from './FileStorage';
import { sweepOrphanFiles, type SweepResult } from './sweepOrphanFiles';

/** Files younger than this may belong to a transaction still running somewhere: left for a later pass. */
export const orphanGraceMs = 3_600_000;

/**
 * Removes files no row names (left by a process killed between writing a file and committing its
 * row), at start and every hour. At start on the embedded database nothing else can be writing, so
 * every such file goes at once; otherwise only those older than the grace.
 */
export async function startOrphanSweep(db: Db, storage: FileStorage, report: (r: SweepResult) => void, onError: (err: unknown) => void): Promise<{ stop(): void }> {
  const pass = (olderThanMs: number) => sweepOrphanFiles(db, storage, { olderThanMs }).then((r) => (r.deleted.length || r.missing.length || r.partial.length ? report(r) : undefined));
  await pass(db.kind === 'pglite' ? 0 : orphanGraceMs).catch(onError);
  const timer = setInterval(() => void pass(orphanGraceMs).catch(onError), 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
