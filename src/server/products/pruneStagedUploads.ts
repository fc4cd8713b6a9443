import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';

/** The storage folder of files uploaded before a product's first save (uploadRoutes keys them `staged/<token>.<ext>`). */
export const stagedFolder = 'staged';

export interface StagedPruneResult {
  /** staged_uploads rows removed (files never claimed by a save). */
  rows: number;
  /** Files removed from the staged folder (those rows' files and files left without any row). */
  files: number;
}

/**
 * Removes what a new product's upload left when nobody saved the product (001 §5 "Product Media/PDF
 * (on add)"): staged_uploads rows older than `maxAgeMs` with their files, and files in the staged
 * folder older than that which neither a row nor a product names (a crash between the file and its
 * row). A claimed file keeps its `staged/...` key in product_files and is never touched. Safe on
 * several instances at once: each row is deleted by one of them; deleting a missing file is no error.
 */
export async function pruneStagedUploads(db: Db, storage: FileStorage, maxAgeMs: number, now = Date.now()): Promise<StagedPruneResult> {
  const cutoff = new Date(now - maxAgeMs);
  const gone = await db.query<{ storage_key: string }>('delete from staged_uploads where created_at < $1 returning storage_key', [cutoff.toISOString()]);
  for (const r of gone.rows) await storage.delete(r.storage_key);
  let files = gone.rows.length;
  const old = (await storage.list(stagedFolder)).filter((f) => f.modifiedAt < cutoff).map((f) => f.key);
  if (old.length) {
    const named = await db.query<{ storage_key: string }>(
      'select storage_key from staged_uploads where storage_key = any($1::text[]) union select storage_key from product_files where storage_key = any($1::text[])',
      [old],
    );
    const keep = new Set(named.rows.map((r) => r.storage_key));
    for (const key of old) {
      if (keep.has(key)) continue;
      await storage.delete(key);
      files++;
    }
  }
  return { rows: gone.rows.length, files };
}

/** Prunes at start and then every hour (or sooner for a short age) while the server runs. */
export function startStagedUploadPruning(app: FastifyInstance, db: Db, storage: FileStorage, maxAgeMs: number): void {
  const run = () => pruneStagedUploads(db, storage, maxAgeMs).catch((err: unknown) => app.log.warn({ err }, 'staged upload pruning failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, Math.max(60_000, Math.min(3_600_000, maxAgeMs / 4)));
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
