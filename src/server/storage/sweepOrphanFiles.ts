import type { Queryable } from '../db/Db';
import type { FileStorage } from './FileStorage';
import { derivedFileOwner, referencedStorageKeys } from './referencedStorageKeys';

/** The folders whose files rows name (referencedStorageKeys); files elsewhere are never swept. */
const sweptFolders = ['raw/', 'attachments/', 'products/', 'staged/', 'forwards/', 'emails/'];

export interface SweepResult {
  /** Files no row names (older than the grace), removed. */
  deleted: string[];
  /** Keys rows name with no file in storage. */
  missing: string[];
  /** Temporary files of writes a kill cut short (older than the grace), removed. */
  partial: string[];
}

/**
 * Removes stored files that no row names, and reports rows whose file is missing. Files are written
 * before the transaction that names them commits, so a process killed between the two leaves a file
 * without a row (an import batch's raw pack and attachments; a retried batch writes under new keys).
 * `olderThanMs` spares files a running transaction may be about to name: 0 is right only when nothing
 * else writes (the embedded database at start, a restore); with several instances use a grace longer
 * than any job's expiry.
 */
export async function sweepOrphanFiles(db: Queryable, storage: FileStorage, opts: { olderThanMs: number; now?: number }): Promise<SweepResult> {
  const before = (opts.now ?? Date.now()) - opts.olderThanMs;
  // Listed first: a file written after the key query would otherwise look like an orphan.
  const files: Array<{ key: string; modifiedAt: Date }> = [];
  for await (const f of storage.walk('')) files.push(f);
  const referenced = await referencedStorageKeys(db);
  const seen = new Set<string>();
  const candidates: string[] = [];
  const derived = new Map<string, number>();
  for (const f of files) {
    if (referenced.has(f.key)) seen.add(f.key);
    else if (f.modifiedAt.getTime() <= before && sweptFolders.some((p) => f.key.startsWith(p))) {
      const muid = derivedFileOwner(f.key);
      if (muid === null) candidates.push(f.key);
      else derived.set(f.key, muid);
    }
  }
  if (derived.size > 0) {
    const r = await db.query<{ muid: string }>('select muid::text as muid from emails where muid = any($1::bigint[])', [[...new Set(derived.values())]]);
    const alive = new Set(r.rows.map((row) => Number(row.muid)));
    for (const [key, muid] of derived) if (!alive.has(muid)) candidates.push(key);
  }
  // A key named since the listing (a row committed meanwhile) is kept.
  const now = await referencedStorageKeys(db);
  const deleted = candidates.filter((k) => !now.has(k));
  for (const key of deleted) await storage.delete(key);
  // A file written after the listing may be named by a row: check before calling it missing.
  const missing: string[] = [];
  for (const key of referenced) if (!seen.has(key) && !(await storage.exists(key))) missing.push(key);
  // A write cut short by a kill leaves a temporary file no listing shows; one older than the grace is no running write's.
  const partial = (await storage.sweepPartial?.(new Date(before))) ?? [];
  return { deleted, missing, partial };
}
