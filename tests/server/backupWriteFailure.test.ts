import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/server/backup/writeBackup';
import { openDb } from '../../src/server/db/openDb';
import { storageFor } from '../../src/server/storage/storageFor';
import { runPortal } from '../helpers/runPortal';
import { copySeededDataDir } from './helpers/startServer';
import { startInProcess } from './helpers/startInProcess';

// An operator's `portal backup` into a folder that does not exist ended silently with exit code 13
// (a stream that failed was waited for forever), and on a full disk it crashed with a stack trace
// and left its partial file filling the disk. Now it says the file cannot be written, removes what
// it wrote, and the running portal takes the next backup as before.
describe('a backup whose file cannot be written', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-backup-fail-'));
  const dataDir = join(tmp, 'data');
  copySeededDataDir('empty', dataDir);
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, STORAGE_URL: undefined, LOG_LEVEL: 'warn' };
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is refused with the reason, with no portal running and beside a running one, leaving no partial file', async () => {
    const missing = join(tmp, 'no-such-folder', 'portal.backup');
    const refusal = `no backup written: ${missing} cannot be written (ENOENT: no such file or directory`;
    await expect(runPortal(['backup', missing], { env })).rejects.toThrow(refusal);

    const server = await startInProcess(dataDir);
    try {
      await expect(runPortal(['backup', missing], { env })).rejects.toThrow(refusal);
      // The portal still takes the next backup.
      const good = join(tmp, 'good.backup');
      const taken = await runPortal(['backup', good], { env });
      expect(taken.stdout).toContain(`backup written to ${good} (taken by the running server)`);
      expect(existsSync(good)).toBe(true);
    } finally {
      await server.stop();
    }
    expect(readdirSync(tmp).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('stops with the disk\'s error when the disk fills part-way, instead of crashing the process', async () => {
    // A file that takes 1 MB and then reports a full disk, as a write(2) on one does.
    let written = 0;
    const fullDisk = new Writable({
      write(chunk: Buffer, _enc, cb) {
        written += chunk.byteLength;
        if (written < 1024 * 1024) return void setImmediate(cb);
        setImmediate(() => cb(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })));
      },
    });
    // Stored files are copied first: the disk fills while one of them is being written.
    const storage = storageFor({ dataDir });
    await storage.put('products/backup-test/big.bin', randomBytes(4 * 1024 * 1024));
    const db = await openDb({ dataDir });
    try {
      // Unfixed, the tar entry re-emitted the error with no listener: an uncaught exception here.
      await expect(writeBackup({ db, storage }, fullDisk)).rejects.toThrow('ENOSPC: no space left on device, write');
    } finally {
      await db.close();
    }
  });
});
