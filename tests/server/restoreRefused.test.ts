import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEntry, type BackupSummary } from '../../src/server/backup/BackupSummary';
import { runPortal } from '../helpers/runPortal';
import { copySeededDataDir } from './helpers/startServer';
import { createSeededTestDatabase, createTestDatabase, testDbKind } from './helpers/testDb';
import { testStorage, testStorageEnv } from './helpers/testStorage';

// A restore that cannot finish (a backup file cut short by a copy or a full disk, a summary the
// restored data does not match) says so in an operator's words and leaves the target empty, so the
// next restore into the same place is not refused for what this one left (a good file's restore is
// backup.test.ts). Before, a cut file answered only
// 'unexpected end of file' and left the files it had written: the next restore was refused with
// 'the file storage is not empty'.

/** The archive's entries, each as its name and bytes. */
async function entriesOf(file: string): Promise<Array<{ name: string; data: Buffer }>> {
  const out: Array<{ name: string; data: Buffer }> = [];
  const x = extract();
  x.on('entry', (h, stream, next) => void buffer(stream).then((data) => (out.push({ name: h.name, data }), next()), next));
  await pipeline(Readable.from(readFileSync(file)), createGunzip(), x);
  return out;
}

async function writeArchive(file: string, entries: Array<{ name: string; data: Buffer }>): Promise<void> {
  const p = pack();
  for (const e of entries) p.entry({ name: e.name, size: e.data.byteLength }, e.data);
  p.finalize();
  await pipeline(p, createGzip(), createWriteStream(file));
}

describe(`a refused restore (${testDbKind})`, { timeout: 600_000 }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-restore-refused-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });
  const env = (dataDir: string, url?: string) => ({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', STORAGE_URL: undefined, ...testStorageEnv(dataDir) });

  /** Nothing in the target: no stored file, no embedded database, no portal table. */
  async function expectEmpty(dataDir: string, url?: string) {
    const files: string[] = [];
    for await (const f of testStorage(dataDir).walk('')) files.push(f.key);
    expect(files).toEqual([]);
    if (!url) {
      const db = join(dataDir, 'db');
      expect(existsSync(db) ? readdirSync(db) : []).toEqual([]);
      return;
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const r = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'pgboss')`);
      expect(r.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }

  it('cut short or not matching its summary: refused in words, the target left empty for the next attempt', async () => {
    const source = testDbKind === 'postgres' ? await createSeededTestDatabase('empty') : undefined;
    const target = testDbKind === 'postgres' ? await createTestDatabase() : undefined;
    if (source) cleanups.push(() => source.drop());
    if (target) cleanups.push(() => target.drop());
    const sourceDir = join(tmp, 'source');
    if (!source) copySeededDataDir('empty', sourceDir);
    // A stored file, so a refused restore has files to take back.
    await testStorage(sourceDir).put('products/restore-test/page.bin', Buffer.alloc(64 * 1024, 7));
    const good = join(tmp, 'good.backup');
    const taken = await runPortal(['backup', good], { env: env(sourceDir, source?.url) });
    expect(taken.status, taken.stderr).toBe(0);

    const targetDir = mkdtempSync(join(tmp, 'target-'));
    // Cut short: the first part of the file, as an interrupted copy leaves it.
    const cut = join(tmp, 'cut.backup');
    writeFileSync(cut, readFileSync(good).subarray(0, Math.floor(statSync(good).size * 0.9)));
    await expect(runPortal(['restore', cut], { env: env(targetDir, target?.url) })).rejects.toThrow(
      `cannot restore ${cut}: the file ends too early: it was cut short (a copy or a backup that did not finish); nothing was restored, the target is empty again`,
    );
    await expectEmpty(targetDir, target?.url);

    // Whole, but its summary counts one row more in a table than the database holds: the check after loading refuses it.
    const entries = await entriesOf(good);
    const summaryEntry = entries.find((e) => e.name === backupEntry.summary)!;
    const summary = JSON.parse(summaryEntry.data.toString()) as BackupSummary;
    const table = Object.keys(summary.rowCounts).find((t) => summary.rowCounts[t]! > 0)!;
    summary.rowCounts[table]! += 1;
    summaryEntry.data = Buffer.from(JSON.stringify(summary));
    const wrong = join(tmp, 'wrong.backup');
    await writeArchive(wrong, entries);
    await expect(runPortal(['restore', wrong], { env: env(targetDir, target?.url) })).rejects.toThrow(`restored row counts differ from the backup's: ${table} ${summary.rowCounts[table]! - 1} (backup ${summary.rowCounts[table]}); nothing was restored, the target is empty again`);
    await expectEmpty(targetDir, target?.url);

    // The next attempt is not refused for what the last one left: it gets as far as the file's own fault.
    await expect(runPortal(['restore', cut], { env: env(targetDir, target?.url) })).rejects.toThrow(`cannot restore ${cut}: the file ends too early`);
    await expectEmpty(targetDir, target?.url);
  });
});
