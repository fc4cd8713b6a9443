import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/Db';
import { defaultImportLimits } from '../../src/server/import/ImportLimits';
import { importPaths } from '../../src/server/import/importPaths';
import { ImportFailure, importStatus } from '../../src/server/import/importStatus';
import { ParserPool } from '../../src/server/import/ParserPool';
import { hostileMessages, writeHostileCorpus } from '../fixtures/mail/hostileCorpus';
import { openTestDb } from './helpers/testDb';

// Issue 6 "Done when", hostile input: malformed messages import with every message logged, no
// crash, within a bounded time each.

const perMessageBoundMs = 5_000;
let db: Db;
let tmp: string;

beforeAll(async () => {
  db = await openTestDb();
  tmp = mkdtempSync(join(tmpdir(), 'portal-hostile-'));
});
afterAll(async () => {
  await db?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('hostile corpus', () => {
  it('parses or refuses each message within the per-message bound', async () => {
    const pool = new ParserPool(defaultImportLimits, 1);
    try {
      for (const m of hostileMessages()) {
        const started = performance.now();
        const outcome = await pool.parse(m.bytes, 'test').then(
          () => 'parsed',
          (err: unknown) => (err instanceof ImportFailure ? `failed ${err.statusCode}` : `threw ${String(err)}`),
        );
        const elapsed = performance.now() - started;
        expect(outcome, m.name).toMatch(/^(parsed|failed \d{3})$/);
        // The pool's timer cuts a message off at the bound; the slack is for a saturated machine (a run at load 15
        // took 6.6 s for a message the timer cut off at 5 s).
        expect(elapsed, m.name).toBeLessThan(perMessageBoundMs + 5_000);
      }
    } finally {
      await pool.close();
    }
  }, 300_000);

  it('imports the whole corpus in one job, logging every message with its outcome and reason', async () => {
    const dir = join(tmp, 'corpus');
    const names = writeHostileCorpus(dir);
    // And one message over the size cap, refused before it is read.
    writeFileSync(join(dir, 'oversized.eml'), Buffer.concat([Buffer.from('Subject: big\r\n\r\n'), Buffer.alloc(defaultImportLimits.maxMessageBytes + 1, 0x61)]));
    names.push('oversized.eml');

    // A bound far above any message's parse: which readable mail is kept must not depend on the machine's load
    // (parts-10000-text took 1.6 s at load 10, and over the default 5 s at load 15). The cut-off has its own test below.
    const summary = await importPaths(db, [dir], { limits: { timeoutMs: 60_000 } });
    expect(summary.imported + summary.duplicates + summary.failed).toBe(names.length);

    const logs = (await db.query<{ file: string; status: number; status_code: number; reason: string | null; db_muid: number | null }>(
      'select file, status, status_code, reason, db_muid from import_logs where job_id = $1', [summary.job])).rows;
    expect(logs.map((l) => l.file).sort()).toEqual(names.map((n) => join(dir, n)).sort());
    for (const l of logs) {
      if (l.status === 1) expect(l.db_muid, l.file).not.toBeNull();
      else expect(l.reason, l.file).toBeTruthy();
    }
    const byName = Object.fromEntries(logs.map((l) => [l.file.slice(dir.length + 1), l]));
    expect(byName['empty.eml']).toMatchObject({ status: 0, status_code: importStatus.empty, reason: 'empty message' });
    expect(byName['oversized.eml']).toMatchObject({ status: 0, status_code: importStatus.tooLarge });
    expect(byName['deep-nesting-500.eml']).toMatchObject({ status: 0, status_code: importStatus.unparseable });
    expect(byName['deep-nesting-500.eml'].reason).toMatch(/nesting depth/i);
    expect(byName['huge-header-5mb.eml']).toMatchObject({ status: 0, status_code: importStatus.unparseable });
    expect(byName['huge-header-5mb.eml'].reason).toMatch(/header size/i);
    expect(byName['parts-10000-attachments.eml']).toMatchObject({ status: 0 });
    expect(byName['binary-garbage.bin']).toMatchObject({ status: 0, status_code: importStatus.unparseable });
    // Damaged but readable mail is kept, so a reviewer can still see it.
    for (const n of ['missing-boundary-param.eml', 'boundary-never-closed.eml', 'bad-charsets.eml', 'invalid-quoted-printable.eml', 'nul-bytes.eml', 'parts-10000-text.eml', 'script-and-svg.eml']) {
      expect(byName[n], n).toMatchObject({ status: 1, status_code: importStatus.imported });
    }
    const stored = (await db.query<{ text_body: string; email_subject: string }>(
      `select e.text_body, e.email_subject from emails e join import_logs l on l.db_muid = e.muid where l.file = $1`, [join(dir, 'nul-bytes.eml')])).rows[0];
    expect(stored.email_subject).toBe('hostile');
    expect(stored.text_body.trim()).toBe('bodywithnuls');

    const job = (await db.query<{ end_time: unknown; failed: number }>('select end_time, failed from import_jobs where id = $1', [summary.job])).rows[0];
    expect(job.end_time).not.toBeNull();
    expect(Number(job.failed)).toBe(summary.failed);
  }, 300_000);

  it('cuts off a message that parses too long, and the next message still imports', async () => {
    const dir = join(tmp, 'slow');
    mkdirSync(dir);
    const parts = Array.from({ length: 50_000 }, (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    writeFileSync(join(dir, '1-slow.eml'), `From: a@slow.example\r\nSubject: slow\r\nContent-Type: multipart/mixed; boundary="p"\r\n\r\n${parts}--p--\r\n`);
    writeFileSync(join(dir, '2-quick.eml'), 'From: a@quick.example\r\nSubject: quick\r\nMessage-ID: <quick@x>\r\n\r\nfine\r\n');
    const summary = await importPaths(db, [dir], { limits: { timeoutMs: 500 } });
    const logs = (await db.query<{ file: string; status: number; status_code: number; reason: string }>(
      'select file, status, status_code, reason from import_logs where job_id = $1 order by file', [summary.job])).rows;
    expect(logs[0]).toMatchObject({ status: 0, status_code: importStatus.timeout, reason: 'parsing took longer than 500 ms' });
    expect(logs[1]).toMatchObject({ status: 1, status_code: importStatus.imported });
  }, 120_000);
});
