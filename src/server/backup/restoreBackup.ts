import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { extract as tarExtract } from 'tar-stream';
import type { Db } from '../db/Db';
import { openDb } from '../db/openDb';
import { openPgliteDb } from '../db/pgliteDb';
import type { FileStorage } from '../storage/FileStorage';
import { ensurePrivateDir } from '../storage/privateDir';
import { sweepOrphanFiles } from '../storage/sweepOrphanFiles';
import { assertFilesMatch, backupEntry, backupFormat, type BackupManifest, type BackupSummary } from './BackupSummary';
import { countRows } from './countRows';
import { libpqTarget, runPgTool } from './pgTools';

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  storage: FileStorage;
}

export interface RestoreReport {
  summary: BackupSummary;
  /** Files written to storage (the archive's files less those no restored row names). */
  files: number;
  /** Files of the archive left out: written after the snapshot, so no row of it names them. */
  skippedFiles: number;
  rowCounts: Record<string, number>;
}

const readAll = async (stream: AsyncIterable<unknown>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** Refuses a target that holds anything: a restore never merges into or overwrites a portal. */
async function assertEmpty(target: RestoreTarget): Promise<void> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const r = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'pgboss')`);
      if (r.rows[0].n > 0) throw new Error('the database (DATABASE_URL) is not empty: restore into a new, empty database');
    } finally {
      await client.end();
    }
  } else {
    const dbDir = join(target.dataDir, 'db');
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) throw new Error(`${dbDir} is not empty: restore into an empty data directory`);
  }
  for await (const f of target.storage.walk('')) throw new Error(`the file storage is not empty (it holds ${f.key}): restore into empty storage`);
}

/**
 * Restores a `writeBackup` archive into an empty data directory (and empty storage, and with
 * DATABASE_URL an empty PostgreSQL database): the files, then the database (PGlite's data
 * directory, or pg_restore), then checks the result against the archive's summary: every file's
 * sha256, every table's row count, every file a row names present. The portal is then started on
 * the data directory as usual (it applies any newer migrations).
 */
export async function restoreBackup(archive: Readable, target: RestoreTarget): Promise<RestoreReport> {
  await assertEmpty(target);
  const written: string[] = [];
  let databaseTouched = false;
  try {
    return await restoreInto(archive, target, written, () => (databaseTouched = true));
  } catch (err) {
    // A refused restore leaves the target as it found it (empty), so the next attempt, with a good
    // file, is not refused for what this one left behind.
    const cleanup = await emptyTarget(target, written, databaseTouched).then(
      () => null,
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
    throw refusal(err, cleanup);
  }
}

/**
 * What a damaged archive's readers report (zlib, tar-stream), in an operator's words; `cleanup` is
 * why taking back what the restore wrote failed, if it did.
 */
function refusal(err: unknown, cleanup: Error | null): Error {
  const e = err as NodeJS.ErrnoException;
  const message = e instanceof Error ? e.message : String(err);
  const cut = e?.code === 'Z_BUF_ERROR' || /unexpected end of (file|data)/i.test(message);
  const damaged = e?.code === 'Z_DATA_ERROR' || /invalid tar header|incorrect header check/i.test(message);
  const why = cut ? 'the file ends too early: it was cut short (a copy or a backup that did not finish)' : damaged ? 'the file is not a portal backup or is damaged' : message;
  const after = cleanup ? `nothing was restored, but removing what it wrote failed (${cleanup.message}): empty the target by hand` : 'nothing was restored, the target is empty again';
  return new Error(`${why}; ${after}${cut || damaged ? ` (${message})` : ''}`);
}

async function emptyTarget(target: RestoreTarget, written: string[], databaseTouched: boolean): Promise<void> {
  for (const key of written) await target.storage.delete(key);
  if (!databaseTouched) return;
  if (!target.databaseUrl) {
    await rm(join(target.dataDir, 'db'), { recursive: true, force: true });
    return;
  }
  // The database held no portal table before (assertEmpty): what is there now, the restore made.
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await client.query('drop schema if exists pgboss cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public authorization pg_database_owner');
    await client.query('grant usage on schema public to public');
  } finally {
    await client.end();
  }
}

async function restoreInto(archive: Readable, target: RestoreTarget, written: string[], touchingDatabase: () => void): Promise<RestoreReport> {
  let manifest: BackupManifest | undefined;
  let summary: BackupSummary | undefined;
  let database: { entry: string; data: Buffer } | undefined;
  const hashes = new Map<string, string>();

  const extract = tarExtract();
  extract.on('entry', (header, stream, next) => {
    void (async () => {
      const name = header.name;
      const data = await readAll(stream);
      if (name === backupEntry.manifest) {
        manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
        if (manifest.format !== backupFormat) throw new Error(`backup format ${manifest.format} is not supported (this portal reads format ${backupFormat})`);
        if ((manifest.database === 'postgres') !== Boolean(target.databaseUrl)) {
          throw new Error(manifest.database === 'postgres' ? 'this backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it' : 'this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
        }
      } else if (!manifest) {
        throw new Error('not a portal backup (no manifest first)');
      } else if (name === backupEntry.summary) {
        summary = JSON.parse(data.toString('utf8')) as BackupSummary;
      } else if (name === backupEntry.pgliteData || name === backupEntry.pgDump) {
        database = { entry: name, data };
      } else if (name.startsWith(backupEntry.filePrefix)) {
        const key = name.slice(backupEntry.filePrefix.length);
        written.push(key);
        await target.storage.put(key, data);
        hashes.set(key, createHash('sha256').update(data).digest('hex'));
      }
    })().then(() => next(), (err: Error) => next(err));
  });
  await pipeline(archive, createGunzip(), extract);
  if (!summary || !database) throw new Error('the backup is incomplete (no summary or no database): it was cut short');

  touchingDatabase();
  const db = await loadDatabase(database, target);
  try {
    const rowCounts = await countRows(db);
    const wrong = Object.entries(summary.rowCounts).filter(([t, n]) => rowCounts[t] !== n);
    if (wrong.length) throw new Error(`restored row counts differ from the backup's: ${wrong.map(([t, n]) => `${t} ${rowCounts[t]} (backup ${n})`).join(', ')}`);
    assertFilesMatch(summary, hashes);
    // Files written after the snapshot are in the archive but named by no restored row.
    const swept = await sweepOrphanFiles(db, target.storage, { olderThanMs: 0 });
    if (swept.missing.length) throw new Error(`rows name files the backup does not hold: ${swept.missing.slice(0, 5).join(', ')}`);
    return { summary, files: hashes.size - swept.deleted.length, skippedFiles: swept.deleted.length, rowCounts };
  } finally {
    await db.close();
  }
}

async function loadDatabase(database: { entry: string; data: Buffer }, target: RestoreTarget): Promise<Db> {
  if (database.entry === backupEntry.pgliteData) {
    ensurePrivateDir(target.dataDir);
    const dir = join(target.dataDir, 'db');
    ensurePrivateDir(dir);
    const loaded = await openPgliteDb(dir, { loadDataDir: new Blob([new Uint8Array(database.data)]) });
    await loaded.close();
    return openDb({ dataDir: target.dataDir });
  }
  const url = target.databaseUrl as string;
  const dir = await mkdtemp(join(tmpdir(), 'portal-restore-'));
  try {
    const file = join(dir, 'portal.pgdump');
    await writeFile(file, database.data);
    const t = libpqTarget(url);
    await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', t.dbname, file], t.env);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return openDb({ databaseUrl: url });
}
