import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/Db';
import { groupPendingDuplicates } from '../../src/server/import/groupPendingDuplicates';
import { importDemoCorpus } from '../../src/server/import/importDemoCorpus';
import { importPaths } from '../../src/server/import/importPaths';
import { searchQuery } from '../../src/server/import/searchVector';
import { emailRaw } from '../../src/server/emails/emailDetail';
import { startDropFolderImporter } from '../../src/server/import/startDropFolderImporter';
import { fsStorage } from '../../src/server/storage/fsStorage';
import { runPortal } from '../helpers/runPortal';
import { openTestDb } from './helpers/testDb';

// 000 §3 (Email item, Import job, Import log, Dedup group) and issue 6 item 1-3: the import pipeline.

const fixtures = join(__dirname, '..', 'fixtures', 'mail');
let db: Db;
let tmp: string;

const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'), 'utf8');
function mail(opts: { id: string; date: string; subject?: string; from?: string; to?: string; body: string }): Buffer {
  return crlf(
    `From: ${opts.from ?? 'Deals <deals@shop.example>'}\nTo: ${opts.to ?? 'pat@panel.example'}\nSubject: ${opts.subject ?? 'Deal'}\n` +
      `Date: ${opts.date}\nMessage-ID: <${opts.id}>\nContent-Type: text/plain; charset=utf-8\n\n${opts.body}\n`,
  );
}
const longBody = (variant: string) =>
  `Dear customer, our autumn catalogue is here with ${variant} new arrivals in every department. ` +
  'Browse jackets, boots, scarves and gloves, all with free delivery on orders over fifty dollars. ' +
  'Members earn double points this week and can return anything within sixty days for a full refund. ' +
  'Visit https://shop.example/autumn?utm_source=newsletter&utm_campaign=a1 to see the full range today.';

beforeAll(async () => {
  db = await openTestDb();
  tmp = mkdtempSync(join(tmpdir(), 'portal-import-'));
});
afterAll(async () => {
  await db?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('importing one message', () => {
  it('stores the parsed fields, the raw bytes verbatim and the attachment, and logs the message', async () => {
    const file = join(fixtures, 'simple.eml');
    const summary = await importPaths(db, [file]);
    expect(summary).toMatchObject({ imported: 1, duplicates: 0, failed: 0, failures: [] });

    const e = (await db.query<Record<string, unknown>>(`select * from emails where original_muid = 'summer-sale-1@shop.example'`)).rows[0];
    expect(e).toMatchObject({
      email_subject: 'Summer sale — 50% off',
      email_from_name: 'Shop News',
      email_from_one: 'news@shop.example',
      email_to: 'Pat Panelist <pat@panel.example>, other@panel.example',
      email_cc: 'copy@panel.example',
      mimetype: 'multipart/mixed',
      has_attachment: 1,
      deleted: 0,
      email_read: 0,
      index_name: 'emails_2024',
    });
    expect(new Date(e.email_date as string).toISOString()).toBe('2024-10-01T14:30:00.000Z');
    expect(e.text_body).toContain('Café deals this week only.');
    expect(e.html_body).toContain('<b>this week</b>');
    expect(typeof e.muid === 'number' || typeof e.muid === 'string').toBe(true);

    const raw = (await db.query<{ raw: Uint8Array }>('select raw from email_raw where muid = $1', [e.muid])).rows[0].raw;
    expect(Buffer.from(raw).equals(readFileSync(file))).toBe(true);

    const att = (await db.query<{ filename: string; content_type: string; size: number; content: Uint8Array }>(
      'select filename, content_type, size, content from email_attachments where muid = $1', [e.muid])).rows;
    expect(att).toHaveLength(1);
    expect(att[0]).toMatchObject({ filename: 'terms.pdf', content_type: 'application/pdf' });
    expect(Buffer.from(att[0].content).toString('latin1')).toMatch(/^%PDF-1\.4/);
    expect(Number(att[0].size)).toBe(att[0].content.byteLength);

    const log = (await db.query<Record<string, unknown>>('select * from import_logs where job_id = $1', [summary.job])).rows;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ original_muid: 'summer-sale-1@shop.example', mimetype: 'multipart/mixed', status: 1, status_code: 200, file });
    expect(Number(log[0].db_muid)).toBe(Number(e.muid));
    expect(Number(log[0].content_length)).toBe(readFileSync(file).byteLength);

    const job = (await db.query<Record<string, unknown>>('select * from import_jobs where id = $1', [summary.job])).rows[0];
    expect(job.end_time).not.toBeNull();
    expect(Number(job.imported)).toBe(1);
  });

  it('is idempotent: the same file again is a duplicate pointing at the stored email, not a new row', async () => {
    const before = Number((await db.query<{ n: number }>('select count(*)::int as n from emails')).rows[0].n);
    const summary = await importPaths(db, [join(fixtures, 'simple.eml')]);
    expect(summary).toMatchObject({ imported: 0, duplicates: 1, failed: 0 });
    expect(Number((await db.query<{ n: number }>('select count(*)::int as n from emails')).rows[0].n)).toBe(before);
    const log = (await db.query<Record<string, unknown>>('select * from import_logs where job_id = $1', [summary.job])).rows[0];
    expect(log).toMatchObject({ status: 1, status_code: 208, reason: 'already imported', original_muid: 'summer-sale-1@shop.example' });
    expect(log.db_muid).not.toBeNull();
  });

  it('puts attachment bytes in the file storage when one is given', async () => {
    const store = fsStorage(join(tmp, 'files'));
    const file = join(tmp, 'with-attachment.eml');
    writeFileSync(file, readFileSync(join(fixtures, 'simple.eml')).toString('latin1').replace('summer-sale-1@', 'summer-sale-2@'), 'latin1');
    const summary = await importPaths(db, [file], { attachmentStore: store });
    expect(summary.imported).toBe(1);
    const att = (await db.query<{ storage_key: string; content: unknown }>(
      `select a.storage_key, a.content from email_attachments a join emails e using (muid) where e.original_muid = 'summer-sale-2@shop.example'`)).rows[0];
    expect(att.content).toBeNull();
    expect((await store.get(att.storage_key)).toString('latin1')).toMatch(/^%PDF-1\.4/);
    // The raw message goes to the same store, byte for byte, and View Original reads it from there.
    const raw = (await db.query<{ muid: number; raw: unknown; storage_key: string }>(
      `select r.muid, r.raw, r.storage_key from email_raw r join emails e using (muid) where e.original_muid = 'summer-sale-2@shop.example'`)).rows[0];
    expect(raw.raw).toBeNull();
    expect((await store.get(raw.storage_key)).equals(readFileSync(file))).toBe(true);
    expect((await emailRaw(db, Number(raw.muid), store))?.equals(readFileSync(file))).toBe(true);
  });

  it('indexes subject, sender and body for full-text search', async () => {
    const hit2 = await db.query<{ email_subject: string }>('select email_subject from emails where search @@ $1::tsquery', [searchQuery('café deals')]);
    expect(hit2.rows.map((r) => r.email_subject)).toContain('Summer sale — 50% off');
    const sender = await db.query('select 1 from emails where search @@ $1::tsquery', [searchQuery('shop news')]);
    expect(sender.rows.length).toBeGreaterThan(0);
  });

  it("leaves no pending entries in the emails' GIN indexes, which every search would read whole", async () => {
    // Texts of their own, so no other test's duplicate groups take them in.
    const bodies = ['Seedlings and compost for the spring garden.', 'Your quarterly water bill is available online.', 'Concert tickets go on sale Friday morning.'];
    const files = bodies.map((body, i) => {
      const file = join(tmp, `gin-${i}.eml`);
      writeFileSync(file, mail({ id: `gin-${i}@shop.example`, date: 'Mon, 2 Sep 2024 10:00:00 +0000', subject: `Notice ${i}`, body }));
      return file;
    });
    // Pages each GIN index of emails still had pending (merging them as it reads).
    const pending = async () =>
      (
        await db.query<{ index: string; pages: number }>(
          `select c.relname as index, gin_clean_pending_list(i.indexrelid)::integer as pages
             from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
            where i.indrelid = 'emails'::regclass and a.amname = 'gin' order by 1`,
        )
      ).rows;
    expect(await importPaths(db, files.slice(0, 2))).toMatchObject({ imported: 2 });
    expect((await pending()).map((r) => r.index)).toContain('emails_search_idx');
    expect((await pending()).filter((r) => r.pages > 0)).toEqual([]);
    // A queued import: its grouping job writes the new emails again, then merges.
    expect(await importPaths(db, files.slice(2), { deferGrouping: true })).toMatchObject({ imported: 1 });
    expect(await groupPendingDuplicates(db)).toBe(1);
    expect((await pending()).filter((r) => r.pages > 0)).toEqual([]);
  });
});

describe('mbox files and directories', () => {
  it('splits an mbox on "From " lines, undoes >From quoting and labels each message', async () => {
    const file = join(fixtures, 'sample.mbox');
    const summary = await importPaths(db, [file]);
    expect(summary).toMatchObject({ imported: 3, failed: 0 });
    const rows = (await db.query<{ email_subject: string; text_body: string; raw: Uint8Array }>(
      `select e.email_subject, e.text_body, r.raw from emails e join email_raw r using (muid) where e.original_muid like 'mbox-%' order by e.muid`)).rows;
    expect(rows.map((r) => r.email_subject)).toEqual(['First', 'Second', 'Third']);
    expect(rows[1].text_body).toContain('\nFrom the archive, with love.');
    expect(rows[1].text_body).toContain('\n>From deeper quoting.');
    expect(Buffer.from(rows[0].raw).toString()).toMatch(/^From: sender1@list\.example\n/);
    expect(Buffer.from(rows[0].raw).toString()).toMatch(/Plain first message\.\n$/);
    const files = (await db.query<{ file: string }>('select file from import_logs where job_id = $1 order by id', [summary.job])).rows.map((r) => r.file);
    expect(files).toEqual([`${file}#1`, `${file}#2`, `${file}#3`]);
  });

  it('walks directories recursively', async () => {
    const dir = join(tmp, 'tree');
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'one.eml'), mail({ id: 'tree-1@x', date: 'Mon, 02 Sep 2024 10:00:00 +0000', body: 'one' }));
    writeFileSync(join(dir, 'a', 'b', 'two.eml'), mail({ id: 'tree-2@x', date: 'Mon, 02 Sep 2024 11:00:00 +0000', body: 'two' }));
    const summary = await importPaths(db, [dir]);
    expect(summary).toMatchObject({ imported: 2, failed: 0 });
  });
});

describe('duplicate detection', () => {
  it('groups exact (normalised body) and near (simhash) duplicates under the earliest email', async () => {
    const dir = join(tmp, 'dups');
    mkdirSync(dir);
    // Imported first but sent last; the original must still be the earliest by date.
    writeFileSync(join(dir, '1.eml'), mail({ id: 'dup-late@x', date: 'Thu, 05 Sep 2024 10:00:00 +0000', body: longBody('forty') }));
    writeFileSync(join(dir, '2.eml'), mail({ id: 'dup-orig@x', subject: 'Autumn catalogue', date: 'Mon, 02 Sep 2024 10:00:00 +0000', body: longBody('forty') }));
    // Same text: other case, spacing and tracking parameters.
    writeFileSync(join(dir, '3.eml'), mail({ id: 'dup-exact@x', date: 'Tue, 03 Sep 2024 10:00:00 +0000',
      body: longBody('forty').toUpperCase().replace(/ /g, '   ').replace('utm_source=newsletter&utm_campaign=a1', 'utm_source=x&uid=999') }));
    // One word different.
    writeFileSync(join(dir, '4.eml'), mail({ id: 'dup-near@x', date: 'Wed, 04 Sep 2024 10:00:00 +0000', body: longBody('fifty') }));
    writeFileSync(join(dir, '5.eml'), mail({ id: 'unrelated@x', date: 'Wed, 04 Sep 2024 10:00:00 +0000',
      body: 'Your statement for September is ready. Log in to online banking to view the balance, recent payments and rewards.' }));
    const summary = await importPaths(db, [dir]);
    expect(summary.imported).toBe(5);

    const muid = async (id: string) => Number((await db.query<{ muid: number }>('select muid from emails where original_muid = $1', [id])).rows[0].muid);
    const [orig, late, exact, near, unrelated] = await Promise.all(['dup-orig@x', 'dup-late@x', 'dup-exact@x', 'dup-near@x', 'unrelated@x'].map(muid));
    const groups = (await db.query<Record<string, unknown>>('select * from dedup_groups where original_muid = $1', [orig])).rows;
    expect(groups).toHaveLength(1);
    const g = groups[0];
    expect(g).toMatchObject({ email_subject: 'Autumn catalogue', original_sender_name: 'Deals', duplicates: [late, exact, near].sort((a, b) => a - b).join(','), total_duplicates: 3 });
    expect(new Date(g.original_date as string).toISOString()).toBe('2024-09-02T10:00:00.000Z');
    const members = (await db.query<{ muid: number; match: string }>('select muid, match from dedup_members where group_id = $1', [g.id])).rows;
    const byMuid = Object.fromEntries(members.map((m) => [Number(m.muid), m.match]));
    expect(byMuid).toEqual({ [orig]: 'original', [late]: 'exact', [exact]: 'exact', [near]: 'near' });
    const unrelatedGroups = (await db.query('select group_id from dedup_members where muid = $1', [unrelated])).rows;
    expect(unrelatedGroups).toEqual([]);
  });

  it('moves the original when an earlier copy arrives in a later run', async () => {
    const file = join(tmp, 'earliest.eml');
    writeFileSync(file, mail({ id: 'dup-earliest@x', subject: 'First send', date: 'Sun, 01 Sep 2024 08:00:00 +0000', body: longBody('forty') }));
    await importPaths(db, [file]);
    const muid = Number((await db.query<{ muid: number }>(`select muid from emails where original_muid = 'dup-earliest@x'`)).rows[0].muid);
    const g = (await db.query<Record<string, unknown>>('select * from dedup_groups where original_muid = $1', [muid])).rows;
    expect(g).toHaveLength(1);
    expect(g[0]).toMatchObject({ email_subject: 'First send', total_duplicates: 4 });
    expect(Number((await db.query<{ n: number }>(`select count(*)::int as n from dedup_groups where email_subject = 'Autumn catalogue'`)).rows[0].n)).toBe(0);
  });
});

describe('panelists', () => {
  it('assigns the panelist whose address received the email, and by a stable hash for the demo corpus', async () => {
    for (const [i, type] of [[1, 'producer'], [2, 'consumer'], [3, 'mortgage']] as const) {
      await db.query(
        `insert into panelists (panelist_id, competi_id, first_name, last_name, email, age, gender, panelist_type, country)
         values ($1, $2, 'P', 'T', $3, 40, 'F', $4, 'US')`,
        [i, 9000 + i, `p${i}@panel.example`, type],
      );
    }
    const file = join(tmp, 'to-panelist.eml');
    writeFileSync(file, mail({ id: 'for-p2@x', to: 'Someone <P2@panel.example>', date: 'Mon, 02 Sep 2024 10:00:00 +0000', body: 'hello' }));
    await importPaths(db, [file]);
    const e = (await db.query<Record<string, unknown>>(`select panelist_id, panelist_type, competi_id from emails where original_muid = 'for-p2@x'`)).rows[0];
    expect(e).toMatchObject({ panelist_id: 2, panelist_type: 'consumer', competi_id: 9002 });

    const demo = await importDemoCorpus(db, { limit: 40 });
    expect(demo.imported + demo.duplicates).toBe(40);
    const assigned = (await db.query<{ email_to: string; panelist_id: number }>(
      `select email_to, panelist_id from emails where import_job_id = $1`, [demo.job])).rows;
    expect(assigned.length).toBe(demo.imported);
    expect(assigned.every((r) => [1, 2, 3].includes(Number(r.panelist_id)))).toBe(true);
    const again = await importDemoCorpus(db, { limit: 40 });
    expect(again).toMatchObject({ imported: 0, duplicates: 40, failed: 0 });
  });
});

describe('drop folder', () => {
  it('imports new files and moves them to processed/', async () => {
    const dir = join(tmp, 'drop');
    mkdirSync(dir);
    writeFileSync(join(dir, 'x.eml'), mail({ id: 'drop-1@x', date: 'Mon, 02 Sep 2024 10:00:00 +0000', body: 'dropped' }));
    writeFileSync(join(dir, 'broken.eml'), Buffer.alloc(0));
    const importer = startDropFolderImporter({ db, dir, intervalMs: 3_600_000, settleMs: 0 });
    try {
      const summary = await importer.runNow();
      expect(summary).toMatchObject({ imported: 1, failed: 1 });
      expect(readdirSync(dir).sort()).toEqual(['processed']);
      expect(readdirSync(join(dir, 'processed')).sort()).toEqual(['broken.eml', 'x.eml']);
      expect(await importer.runNow()).toBeNull();
    } finally {
      await importer.stop();
    }
  });
});

describe('portal import --json', () => {
  it('prints exactly {job, imported, duplicates, failed, failures} and exits 0 despite failed messages', async () => {
    const dir = join(tmp, 'cli');
    mkdirSync(dir);
    writeFileSync(join(dir, 'good.eml'), mail({ id: 'cli-1@x', date: 'Mon, 02 Sep 2024 10:00:00 +0000', body: 'fine' }));
    writeFileSync(join(dir, 'empty.eml'), '');
    const run = await runPortal(['import', '--json', '--data-dir', join(tmp, 'cli-data'), dir], { env: { DATABASE_URL: '' } });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').pop() as string);
    expect(Object.keys(out)).toEqual(['job', 'imported', 'duplicates', 'failed', 'failures']);
    expect(out).toEqual({ job: 1, imported: 1, duplicates: 0, failed: 1, failures: [{ file: join(dir, 'empty.eml'), reason: 'empty message', status_code: 400 }] });
    expect(existsSync(join(tmp, 'cli-data', 'db'))).toBe(true);
  }, 120_000);
});
