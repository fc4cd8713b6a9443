import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEntry, type BackupSummary } from '../../src/server/backup/BackupSummary';
import { countRows } from '../../src/server/backup/countRows';
import { openDb } from '../../src/server/db/openDb';
import { referencedStorageKeys } from '../../src/server/storage/referencedStorageKeys';
import { minimalPdf, signIn } from './helpers/portalClient';
import { runPortal } from '../helpers/runPortal';
import { demoCorpusFiles } from '../../src/server/import/importDemoCorpus';
import { e2eAdminPassword } from '../e2e/helpers/signIn';
import { copySeededDataDir, startServer } from './helpers/startServer';
import { startInProcess } from './helpers/startInProcess';
import { createSeededTestDatabase, createTestDatabase, testDbKind } from './helpers/testDb';
import { testStorage, testStorageEnv } from './helpers/testStorage';

// Issue 31 item 3: `portal backup` takes a consistent snapshot of a running portal (database and
// files); `portal restore` puts it into an empty data directory and checks it.

// The seeded templates' admin password.
const password = e2eAdminPassword;
const emailCount = 60;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readSummary(file: string): Promise<BackupSummary> {
  let summary: BackupSummary | undefined;
  const x = extract();
  x.on('entry', (h, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c) => void chunks.push(c as Buffer));
    stream.on('end', () => {
      if (h.name === backupEntry.summary) summary = JSON.parse(Buffer.concat(chunks).toString()) as BackupSummary;
      next();
    });
  });
  await pipeline(createReadStream(file), createGunzip(), x);
  if (!summary) throw new Error('no summary in the archive');
  return summary;
}

describe(`portal backup and restore (${testDbKind})`, { timeout: 600_000 }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up a portal under load and restores it elsewhere with the same rows and files', async () => {
    const source = testDbKind === 'postgres' ? await createSeededTestDatabase('empty') : undefined;
    const target = testDbKind === 'postgres' ? await createTestDatabase() : undefined;
    if (source) cleanups.push(() => source.drop());
    if (target) cleanups.push(() => target.drop());
    const dbEnv = (d?: { url: string }) => (d ? { DATABASE_URL: d.url } : {});
    // The commands run in this process (tests/helpers/runPortal.ts), on the data directory's storage.
    const commandEnv = (dataDir: string, d?: { url: string }) => ({ DATA_DIR: dataDir, DATABASE_URL: d?.url, LOG_LEVEL: 'warn', STORAGE_URL: undefined, ...testStorageEnv(dataDir) });
    // A data directory of the test's own: stopping the server keeps it, to compare files with.
    const sourceDir = mkdtempSync(join(tmp, 'source-'));
    // The suite's seeded demo data without emails, plus a slice of the demo inbox imported in this
    // process: the server then neither seeds nor trains models a backup does not need.
    if (!source) copySeededDataDir('empty', sourceDir);
    const imported = await runPortal(['import', ...demoCorpusFiles().slice(0, emailCount)], { env: commandEnv(sourceDir, source) });
    expect(imported.status, imported.stderr).toBe(0);
    const server = await startServer({ dataDir: sourceDir, env: dbEnv(source), timeoutMs: 300_000 });
    cleanups.push(() => server.stop());
    const admin = await signIn(server.url, 'admin', password);
    const list = await admin.call('/api/emails/list', { method: 'POST', body: { page: 1, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' } });
    const muids = (list.body as { payload: Array<{ muid: number }> }).payload.map((e) => e.muid);
    expect(muids.length).toBeGreaterThan(0);

    // Writers: staged uploads (a row and a file each) and status changes, until told to stop.
    const acked: Array<{ token: string; at: number; sha256: string }> = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const bytes = Buffer.concat([minimalPdf, Buffer.from(`% writer ${w} upload ${i}\n`)]);
        const res = await admin.upload({ name: `w${w}-${i}.pdf`, type: 'application/pdf', bytes });
        expect(res.status).toBe(200);
        acked.push({ token: (res.body as { payload: { staged_upload: string } }).payload.staged_upload, at: Date.now(), sha256: sha(bytes) });
        const status = await admin.call('/api/emails', { method: 'POST', body: { type: 'update', payload: [{ muid: muids[(w + i) % muids.length], deleted: i % 2 }] } });
        expect(status.status).toBe(200);
      }
    };
    const writers = Promise.all([0, 1, 2].map(writer));
    while (acked.length < 10) await new Promise((r) => setTimeout(r, 50));

    const file = join(tmp, 'portal.backup');
    const backupStarted = Date.now();
    const backup = await runPortal(['backup', file], { env: commandEnv(server.dataDir, source) });
    const backupEnded = Date.now();
    const afterBackup = acked.length;
    while (acked.length < afterBackup + 5) await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await writers;
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^backup written to .*portal\.backup/m);
    if (testDbKind === 'pglite') expect(backup.stdout).toContain('taken by the running server');

    const restoredDir = mkdtempSync(join(tmp, 'restored-'));
    const restore = await runPortal(['restore', file], { env: commandEnv(restoredDir, target) });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^restored the backup of .* \d+ rows in \d+ tables, \d+ files \(sha256 checked\)/m);

    // A second restore into the same place is refused: it never overwrites.
    await expect(runPortal(['restore', file], { env: commandEnv(restoredDir, target) })).rejects.toThrow(/not empty/);

    await server.stop();
    const summary = await readSummary(file);
    let before: typeof acked = [];
    const db = await openDb({ dataDir: restoredDir, databaseUrl: target?.url });
    try {
      // Row counts: the restored database holds exactly the snapshot's rows.
      const counts = await countRows(db);
      expect(counts).toEqual(summary.rowCounts);
      expect(counts['public.emails']).toBe(emailCount);
      // Every upload acknowledged before the backup began is in it; none acknowledged after it ended.
      const tokens = new Set((await db.query<{ token: string }>('select token from staged_uploads')).rows.map((r) => r.token));
      before = acked.filter((a) => a.at < backupStarted);
      const after = acked.filter((a) => a.at > backupEnded);
      expect(before.length).toBeGreaterThanOrEqual(10);
      expect(after.length).toBeGreaterThanOrEqual(5);
      expect(before.filter((a) => !tokens.has(a.token))).toEqual([]);
      expect(after.filter((a) => tokens.has(a.token))).toEqual([]);
      expect(counts['public.staged_uploads']).toBe(tokens.size);

      // Files: every file a restored row names is there, with the bytes the source holds.
      const restored = testStorage(restoredDir);
      const original = testStorage(server.dataDir);
      const keys = await referencedStorageKeys(db);
      expect(keys.size).toBeGreaterThan(tokens.size);
      for (const key of keys) {
        const bytes = await restored.get(key);
        expect(sha(bytes), key).toBe(summary.files[key]);
        expect(sha(bytes), key).toBe(sha(await original.get(key)));
      }
      const uploads = await db.query<{ token: string; sha256: string; storage_key: string }>('select token, sha256, storage_key from staged_uploads');
      for (const u of uploads.rows) expect(sha(await restored.get(u.storage_key))).toBe(u.sha256);
      // And no file without its row.
      const stored: string[] = [];
      for await (const f of restored.walk('')) stored.push(f.key);
      expect(stored.filter((k) => !keys.has(k))).toEqual([]);
    } finally {
      await db.close();
    }

    // The restored portal starts and serves (in this process: the start is not the point, what it finds is).
    const restoredServer = await startInProcess(restoredDir, dbEnv(target));
    cleanups.push(() => restoredServer.stop());
    const health = await fetch(`${restoredServer.url}/api/health`);
    expect(health.status).toBe(200);
    // Signing in works (users and the JWT secret came back); the inbox lists the restored emails.
    const signedIn = await signIn(restoredServer.url, 'admin', password);
    const page = await signedIn.call('/api/emails/list', { method: 'POST', body: { page: 1, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' } });
    expect(page.status).toBe(200);
    expect((page.body as { payload: Array<{ muid: number }> }).payload.map((e) => e.muid).sort()).toEqual([...muids].sort());
    expect(before.length).toBeGreaterThan(0);
  });
});
