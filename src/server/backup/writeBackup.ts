import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { Db, Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';
import { StorageNotFoundError } from '../storage/FileStorage';
import { backupEntry, backupFormat, type BackupManifest, type BackupSummary } from './BackupSummary';
import { countRows } from './countRows';
import { libpqTarget, runPgTool } from './pgTools';

export interface BackupSource {
  db: Db;
  /** The PostgreSQL server's URL when db is one (pg_dump connects to it). */
  databaseUrl?: string;
  storage: FileStorage;
}

const addEntry = (pack: Pack, name: string, data: Buffer) =>
  new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size: data.byteLength, mtime: new Date() }, data, (err) => (err ? reject(err) : resolve()));
    // A failed write (a full disk) destroys the entry with the error, which reaches us through the
    // callback; the entry also emits it, and with no listener that ended the process with a stack trace.
    entry.on('error', () => undefined);
  });

/** The database at one instant, with the row counts of that same instant. */
async function snapshotDatabase(src: BackupSource): Promise<{ entry: string; data: Buffer; rowCounts: Record<string, number> }> {
  if (src.db.snapshot) {
    const { result, dataDir } = await src.db.snapshot(countRows);
    return { entry: backupEntry.pgliteData, data: Buffer.from(await dataDir.arrayBuffer()), rowCounts: result };
  }
  if (!src.databaseUrl) throw new Error('backup of a PostgreSQL database needs its URL (DATABASE_URL)');
  // pg_dump reads the snapshot this transaction exported, so the counts and the dump agree.
  const client = new pg.Client({ connectionString: src.databaseUrl });
  await client.connect();
  const dir = await mkdtemp(join(tmpdir(), 'portal-backup-'));
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0].s;
    const q: Queryable = { query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows, rowCount: 0 }), exec: async (sql) => void (await client.query(sql)) };
    const rowCounts = await countRows(q);
    const file = join(dir, 'portal.pgdump');
    const target = libpqTarget(src.databaseUrl);
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, '--file', file, '--dbname', target.dbname], target.env);
    await client.query('commit');
    return { entry: backupEntry.pgDump, data: await readFile(file), rowCounts };
  } finally {
    await client.end().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Writes a consistent backup of a live portal to `out` (a gzipped tar): the manifest, every stored
 * file, the database snapshot (PGlite's data directory, or pg_dump of the PostgreSQL database), then
 * the files written while the snapshot was taken, then the summary (row counts of the snapshot,
 * sha256 of each file). Files are copied before and after the snapshot, so every file a row of the
 * snapshot names is in the archive whether it was written before the snapshot or deleted after it.
 */
export async function writeBackup(src: BackupSource, out: Writable): Promise<BackupSummary> {
  const pack = tarPack();
  const done = pipeline(pack, createGzip({ level: 6 }), out);
  done.catch(() => undefined); // awaited below; an early failure must not go unhandled meanwhile
  const manifest: BackupManifest = { format: backupFormat, database: src.db.kind, createdAt: new Date().toISOString() };
  const files: Record<string, string> = {};
  let fileBytes = 0;
  const copyFiles = async () => {
    for await (const f of src.storage.walk('')) {
      if (files[f.key]) continue;
      let data: Buffer;
      try {
        data = await src.storage.get(f.key);
      } catch (err) {
        if (err instanceof StorageNotFoundError) continue; // deleted since it was listed
        throw err;
      }
      files[f.key] = createHash('sha256').update(data).digest('hex');
      fileBytes += data.byteLength;
      await addEntry(pack, backupEntry.filePrefix + f.key, data);
    }
  };
  try {
    await addEntry(pack, backupEntry.manifest, Buffer.from(JSON.stringify(manifest, null, 2)));
    await copyFiles();
    const snap = await snapshotDatabase(src);
    await addEntry(pack, snap.entry, snap.data);
    await copyFiles();
    const summary: BackupSummary = { ...manifest, rowCounts: snap.rowCounts, files, fileBytes };
    await addEntry(pack, backupEntry.summary, Buffer.from(JSON.stringify(summary, null, 2)));
    pack.finalize();
    await done;
    return summary;
  } catch (err) {
    pack.destroy(err as Error);
    // The output's own failure (a full disk) is the reason; the pack's refusal of the next entry
    // after it ('already finalized or destroyed') is not.
    const outputFailure = await done.then(
      () => undefined,
      (e: unknown) => e,
    );
    throw outputFailure ?? err;
  }
}
