import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/Db';
import { listImportJobs } from '../../src/server/emails/importLogs';
import type { JobQueue } from '../../src/server/jobs/JobQueue';
import { openJobQueue } from '../../src/server/jobs/openJobQueue';
import { portalJob, registerPortalJobs, startDropFolderTicker } from '../../src/server/jobs/portalJobs';
import { openTestDb } from './helpers/testDb';

// Issue 17 item 4: imports, the drop-folder scan and duplicate grouping run as durable jobs on the
// database's queue (pg-boss), on PGlite here and on PostgreSQL in CI's second pass.

let db: Db;
let jobs: JobQueue;
let tmp: string;

const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'), 'utf8');
const mail = (id: string, date: string, variant: string) =>
  crlf(
    `From: Deals <deals@shop.example>\nTo: pat@panel.example\nSubject: Winter catalogue\nDate: ${date}\nMessage-ID: <${id}>\n` +
      `Content-Type: text/plain; charset=utf-8\n\nDear customer, our winter catalogue is here with new arrivals in every department. ` +
      `Browse jackets, boots, scarves and gloves, all with free delivery on orders over fifty dollars. ${variant}\n`,
  );

beforeAll(async () => {
  db = await openTestDb();
  tmp = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
  jobs = await openJobQueue(db, { onError: (err) => console.error(err) });
  await registerPortalJobs(jobs, { db });
});
afterAll(async () => {
  await jobs?.stop();
  await db?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the job queue', () => {
  it('runs a registered job once and keeps its output in the job table', async () => {
    let runs = 0;
    await jobs.register<{ x: number }>('test.double', async (p) => ({ doubled: p.x * 2, run: ++runs }), { pollingIntervalSeconds: 0.5 });
    const id = await jobs.enqueue('test.double', { x: 21 });
    expect(id).toEqual(expect.any(String));
    const done = await jobs.waitFor('test.double', id as string);
    expect(done).toMatchObject({ state: 'completed', payload: { x: 21 }, output: { doubled: 42, run: 1 } });
    const row = (await db.query<{ state: string }>(`select state::text from pgboss.job where id = $1`, [id])).rows[0];
    expect(row.state).toBe('completed');
  });

  it('keeps one waiting job per singleton key', async () => {
    // No handler for this name on this queue: the first job waits, the second enqueue is refused.
    const first = await jobs.enqueue('test.unhandled', {}, { singletonKey: 'scan' });
    const second = await jobs.enqueue('test.unhandled', {}, { singletonKey: 'scan' });
    const other = await jobs.enqueue('test.unhandled', {}, { singletonKey: 'other' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('records a handler that throws as failed with its message, after its retries', async () => {
    let attempts = 0;
    await jobs.register(
      'test.broken',
      async () => {
        attempts++;
        throw new Error('the PDF is encrypted');
      },
      { retryLimit: 1, pollingIntervalSeconds: 0.5 },
    );
    const id = (await jobs.enqueue('test.broken', {})) as string;
    const done = await jobs.waitFor('test.broken', id);
    expect(done.state).toBe('failed');
    expect(JSON.stringify(done.output)).toContain('the PDF is encrypted');
    expect(attempts).toBe(2);
  });
});

describe('imports as jobs', () => {
  it('imports files, then groups their duplicates in the grouping job; the import logs show the run', async () => {
    const dir = join(tmp, 'batch');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.eml'), mail('jobs-a@shop.example', 'Mon, 2 Nov 2026 09:00:00 +0000', 'Members earn double points.'));
    writeFileSync(join(dir, 'b.eml'), mail('jobs-b@shop.example', 'Tue, 3 Nov 2026 09:00:00 +0000', 'Members earn double points.'));
    const id = (await jobs.enqueue(portalJob.importFiles, { paths: [dir], source: 'jobs test' })) as string;
    const done = await jobs.waitFor(portalJob.importFiles, id);
    expect(done).toMatchObject({ state: 'completed', output: { imported: 2, duplicates: 0, failed: 0 } });

    const importJob = (await db.query<{ id: number; queue_job_id: string }>(`select id, queue_job_id from import_jobs where source = 'jobs test'`)).rows;
    expect(importJob).toHaveLength(1);
    expect(importJob[0].queue_job_id).toBe(id);
    const listed = (await listImportJobs(db)).find((j) => j.id === Number(importJob[0].id));
    expect(listed?.state).toBe('done');

    // The grouping job (singleton) runs after the import and links the two mailings.
    await expect.poll(async () => (await db.query(`select 1 from emails where dedup_pending`)).rows.length, { timeout: 30_000, interval: 200 }).toBe(0);
    const groups = (await db.query<{ total_duplicates: number; email_subject: string }>(`select total_duplicates, email_subject from dedup_groups where email_subject = 'Winter catalogue'`)).rows;
    expect(groups).toEqual([{ total_duplicates: 1, email_subject: 'Winter catalogue' }]);
  });

  it('scans the drop folder as a queued job and moves the imported file to processed/', async () => {
    const drop = join(tmp, 'drop');
    mkdirSync(drop);
    const file = join(drop, 'c.eml');
    writeFileSync(file, mail('jobs-c@shop.example', 'Wed, 4 Nov 2026 09:00:00 +0000', 'A third, different mailing about gift cards and vouchers.'));
    // Settled files only: back-date the file so the first scan takes it.
    const { utimesSync } = await import('node:fs');
    utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const ticker = startDropFolderTicker(jobs, drop, 3_600_000, (err) => console.error(err));
    try {
      await expect.poll(() => readdirSync(drop).filter((f) => f.endsWith('.eml')).length, { timeout: 30_000, interval: 200 }).toBe(0);
      expect(readdirSync(join(drop, 'processed'))).toEqual(['c.eml']);
      const row = (await db.query<{ source: string; imported: number }>(`select source, imported from import_jobs where source like 'drop folder%'`)).rows;
      expect(row).toEqual([{ source: `drop folder ${drop}`, imported: 1 }]);
    } finally {
      ticker.stop();
    }
  });
});
