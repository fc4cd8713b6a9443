import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DedupCompare, DedupListResponse, ImportJob, ImportLogsResponse } from '../../src/api/emailTypes';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import { importPaths } from '../../src/server/import/index';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

// 000 §2-§3, §7 "Import logs and duplicates": the API over emails brought in by the import pipeline.
const eml = (id: string, subject: string, date: string, body: string) =>
  [`From: Deals <deals@dupes.example>`, `To: someone@example.com`, `Subject: ${subject}`, `Date: ${date}`, `Message-ID: <${id}@t>`, 'Content-Type: text/plain', '', body, ''].join('\r\n');

describe('import logs and deduplicates API', () => {
  let db: Db;
  let app: FastifyInstance;
  let auth: Record<string, string>;
  let editor: Record<string, string>;
  const config = testConfig();
  const dir = mkdtempSync(join(tmpdir(), 'emails-logs-'));

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    await app.ready();
    const users = await seedRoleUsers(db);
    auth = bearer((await signInAs(app, users.reviewer.username, users.reviewer.password)).accessToken);
    editor = bearer((await signInAs(app, users.editor.username, users.editor.password)).accessToken);
    const body = 'The very same promotional body text, repeated word for word so the messages are exact duplicates of each other.';
    writeFileSync(join(dir, 'a.eml'), eml('a', 'Weekend offer', 'Mon, 1 Jan 2024 10:00:00 +0000', body));
    writeFileSync(join(dir, 'b.eml'), eml('b', 'Weekend offer again', 'Tue, 2 Jan 2024 10:00:00 +0000', body));
    writeFileSync(join(dir, 'c.eml'), eml('c', 'Weekend offer final', 'Wed, 3 Jan 2024 10:00:00 +0000', body));
    writeFileSync(join(dir, 'broken.eml'), Buffer.alloc(0));
    await importPaths(db, [dir], { source: 'test' });
    await importPaths(db, [join(dir, 'a.eml')], { source: 'test again' });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = <T,>(url: string, headers = auth) => app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const post = <T,>(url: string, payload: object, headers = auth) => app.inject({ method: 'POST', url, headers, payload }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

  it('lists import jobs newest first as {id, start_time, end_time, state}', async () => {
    const jobs = await get<ImportJob[]>('/api/import-jobs');
    expect(jobs.status).toBe(200);
    expect(jobs.body).toHaveLength(2);
    expect(Object.keys(jobs.body[0]).sort()).toEqual(['end_time', 'id', 'start_time', 'state']);
    expect(jobs.body[0].id).toBeGreaterThan(jobs.body[1].id);
    expect(jobs.body.map((j) => j.state)).toEqual(['done', 'done']);
  });

  it('pages a job log with the spec fields; status 1 is success, failures are logged too', async () => {
    const jobs = (await get<ImportJob[]>('/api/import-jobs')).body;
    const first = await post<ImportLogsResponse>('/api/import-jobs/logs', { cron_log_id: jobs[1].id, page: 1, perpage: 3 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tot_logs: 4, lastPage: 2, hasNext: true });
    expect(Object.keys(first.body.payload[0]).sort()).toEqual(['db_muid', 'email_date', 'mimtype', 'original_muid', 'reason', 's3_content_length', 'status', 'status_code']);
    const second = await post<ImportLogsResponse>('/api/import-jobs/logs', { cron_log_id: jobs[1].id, page: 2, perpage: 3, tot_logs: 4 });
    expect(second.body).toMatchObject({ hasNext: false });
    const all = [...first.body.payload, ...second.body.payload];
    expect(all.filter((l) => l.status === 1)).toHaveLength(3);
    expect(all.filter((l) => l.status !== 1)).toHaveLength(1);
    // The operator sees which file was refused and why (its sha256 said neither); successes have no reason.
    expect(all.find((l) => l.status !== 1)?.reason).toMatch(/^broken\.eml: \S/);
    expect(all.filter((l) => l.status === 1).map((l) => l.reason)).toEqual([null, null, null]);
  });

  it('lists dedup groups, searches by ID (default) and Subject, sorts, and compares', async () => {
    const list = await post<DedupListResponse>('/api/deduplicates', { page: 1, perpage: 10 });
    expect(list.status).toBe(200);
    expect(list.body.tot_deduplicates).toBe(1);
    const g = list.body.payload[0];
    expect(g).toMatchObject({ email_subject: 'Weekend offer', total_duplicates: 2, original_sender_name: 'Deals' });
    const byId = await post<DedupListResponse>('/api/deduplicates/search', { search: { query: String(g.ID), by_id: true, by_subject: false }, payload: { page: 1, perpage: 10 } });
    expect(byId.body.payload.map((x) => x.ID)).toEqual([g.ID]);
    const bySubject = await post<DedupListResponse>('/api/deduplicates/search', { search: { query: 'weekend', by_id: false, by_subject: true }, payload: { page: 1, perpage: 10, sorting_field: 'original_date', sorting_direction: 'desc' } });
    expect(bySubject.body.payload).toHaveLength(1);
    // 000 §3's sort keys: the columns' (schemas/dashboards/deduplicates.json) and its sortAliases; no other.
    for (const sorting_field of ['ID', 'original_date', 'muid', 'email_date']) {
      expect((await post<DedupListResponse>('/api/deduplicates', { page: 1, perpage: 10, sorting_field })).body.payload.map((x) => x.ID), sorting_field).toEqual([g.ID]);
    }
    const badSort = await post<{ message: string }>('/api/deduplicates', { page: 1, perpage: 10, sorting_field: 'email_subject' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe('Unknown sort field "email_subject": one of ID, original_date, muid, email_date');
    const none = await post<DedupListResponse>('/api/deduplicates/search', { search: { query: 'nothing like this', by_id: false, by_subject: true }, payload: { page: 1, perpage: 10 } });
    expect(none.body).toMatchObject({ payload: [], tot_deduplicates: 0, hasNext: false });
    const cmp = await get<DedupCompare>(`/api/deduplicates/${g.ID}`);
    expect(cmp.body.original.muid).toBe(g.original_muid);
    expect(cmp.body.duplicates.map((d) => d.email_subject).sort()).toEqual(['Weekend offer again', 'Weekend offer final']);
  });

  it('needs the cronlogs and deduplicates modules', async () => {
    expect((await get('/api/import-jobs', editor)).status).toBe(403);
    expect((await post('/api/deduplicates', { page: 1, perpage: 10 }, editor)).status).toBe(403);
  });
});
