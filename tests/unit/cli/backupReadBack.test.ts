import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEntry, backupFormat, type BackupManifest, type BackupSummary } from '../../../src/server/backup/BackupSummary';
import { startControlSocket } from '../../../src/server/backup/controlSocket';
import { restoreBackup } from '../../../src/server/backup/restoreBackup';
import { verifyBackupArchive } from '../../../src/server/backup/verifyBackupArchive';
import { fsStorage, storageRoot } from '../../../src/server/storage/fsStorage';
import { runPortal } from '../../helpers/runPortal';

// `portal backup` reads the file it wrote back before it calls it a backup: a cut or damaged archive
// (the fault 69dd54e fixed in the server sent archives cut short that the command called done) is
// refused then, and no file is left, instead of being found on the day of a restore.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A small archive in writeBackup's format: manifest, one stored file, the database, the summary. */
async function archive(opts: { fileBytes?: Buffer; summaryFiles?: Record<string, string>; withSummary?: boolean } = {}): Promise<Buffer> {
  const file = randomBytes(200_000);
  const manifest: BackupManifest = { format: backupFormat, database: 'pglite', createdAt: new Date().toISOString() };
  const summary: BackupSummary = { ...manifest, rowCounts: { 'public.users': 1 }, files: opts.summaryFiles ?? { 'raw/1.pack': sha(file) }, fileBytes: file.byteLength };
  const p = pack();
  const add = (name: string, data: Buffer) => p.entry({ name, size: data.byteLength }, data);
  add(backupEntry.manifest, Buffer.from(JSON.stringify(manifest)));
  add(`${backupEntry.filePrefix}raw/1.pack`, opts.fileBytes ?? file);
  add(backupEntry.pgliteData, randomBytes(100_000));
  if (opts.withSummary !== false) add(backupEntry.summary, Buffer.from(JSON.stringify(summary)));
  p.finalize();
  return gzipSync(await buffer(p));
}

describe('a backup read back', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-backup-readback-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('passes whole, and names what is wrong otherwise: cut short, no summary, a file unlike its record', async () => {
    const whole = await archive();
    await expect(verifyBackupArchive(Readable.from([whole]))).resolves.toMatchObject({ files: { 'raw/1.pack': expect.any(String) } });
    await expect(verifyBackupArchive(Readable.from([whole.subarray(0, whole.byteLength - 100)]))).rejects.toThrow('unexpected end of file');
    await expect(verifyBackupArchive(Readable.from([await archive({ withSummary: false })]))).rejects.toThrow('the archive ends before its summary: it was cut short');
    await expect(verifyBackupArchive(Readable.from([await archive({ summaryFiles: { 'raw/1.pack': 'f'.repeat(64) } })]))).rejects.toThrow(/^file raw\/1\.pack differs from the summary/);
    await expect(verifyBackupArchive(Readable.from([await archive({ summaryFiles: { 'raw/2.pack': 'f'.repeat(64) } })]))).rejects.toThrow(/^file raw\/2\.pack is missing/);
  });

  it('`portal backup` refuses an archive the running server sent cut short, and leaves no file', async () => {
    const dataDir = mkdtempSync(join(tmp, 'data-'));
    const whole = await archive();
    // A server whose backup stream ends early but reports success (what the unfixed control socket did).
    const server = await startControlSocket(dataDir, async (out) => void out.end(whole.subarray(0, Math.floor(whole.byteLength * 0.8))), () => undefined);
    try {
      const file = join(tmp, 'cut.backup');
      await expect(runPortal(['backup', file], { env: { DATA_DIR: dataDir, DATABASE_URL: undefined, STORAGE_URL: undefined, LOG_LEVEL: 'warn' } })).rejects.toThrow(
        'no backup written: the file read back is incomplete or damaged (unexpected end of file); take the backup again',
      );
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(tmp).filter((f) => f.endsWith('.partial'))).toEqual([]);
      // A whole one is kept (from a server started since: the command's connection is its own).
      await server?.close();
      const good = await startControlSocket(dataDir, async (out) => void out.end(whole), () => undefined);
      try {
        const kept = join(tmp, 'whole.backup');
        const run = await runPortal(['backup', kept], { env: { DATA_DIR: dataDir, DATABASE_URL: undefined, STORAGE_URL: undefined, LOG_LEVEL: 'warn' } });
        expect(run.stdout).toContain(`backup written to ${kept} (taken by the running server)`);
        expect(existsSync(kept)).toBe(true);
      } finally {
        await good?.close();
      }
    } finally {
      await server?.close().catch(() => undefined);
    }
  });

  it('a refused restore whose clean-up fails too says what is left to do', async () => {
    const dataDir = mkdtempSync(join(tmp, 'restore-'));
    const real = fsStorage(storageRoot(dataDir));
    // The disk refuses the delete of what the restore wrote (an I/O error).
    const storage = { ...real, delete: async () => Promise.reject(new Error('EIO: i/o error, unlink')) };
    const whole = await archive();
    await expect(restoreBackup(Readable.from([whole.subarray(0, Math.floor(whole.byteLength * 0.8))]), { dataDir, storage })).rejects.toThrow(
      'the file ends too early: it was cut short (a copy or a backup that did not finish); nothing was restored, but removing what it wrote failed (EIO: i/o error, unlink): empty the target by hand',
    );
  });
});
