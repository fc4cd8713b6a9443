import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { testConfig } from './helpers/testContext';
import { openTestDb } from './helpers/testDb';

// 000 §4 "Bulk validation in one reading allows only the copy status (4)", §5 "Bulk status change in
// one reading: 'Please select only copy status.'" (docs/decisions-copy-status.md).

describe('bulk status change (POST emails {type:update})', () => {
  let db: Db;
  let app: FastifyInstance;
  let auth: Record<string, string>;
  const config = testConfig();

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    await app.ready();
    const users = await seedRoleUsers(db);
    auth = bearer((await signInAs(app, users.reviewer.username, users.reviewer.password)).accessToken);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  let n = 0;
  const addEmail = async (deleted: number): Promise<number> => {
    n += 1;
    const r = await db.query<{ muid: number }>(
      `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, email_read, index_name)
       values ($1, md5($1), 100, $2, 'news@shop.example', now(), $3, 0, 'emails_2024') returning muid`,
      [`<bulk-${n}@test>`, `Bulk status ${n}`, deleted],
    );
    return Number(r.rows[0].muid);
  };
  const update = (payload: unknown[]) => app.inject({ method: 'POST', url: '/api/emails', headers: auth, payload: { type: 'update', payload } });
  const stored = async (muids: number[]) =>
    (await db.query<{ muid: number; deleted: number; email_read: number; panelist_core: number }>(
      'select muid, deleted, email_read, panelist_core from emails where muid = any($1::bigint[]) order by muid',
      [muids],
    )).rows.map((r) => ({ muid: Number(r.muid), deleted: r.deleted, email_read: r.email_read, panelist_core: r.panelist_core }));
  const activityOf = async (muids: number[]) =>
    (await db.query(`select 1 from activity where entity = 'email' and entity_id = any($1::text[])`, [muids.map(String)])).rows.length;

  it("refuses any status but Copy on more than one email with 409 'Please select only copy status.', storing nothing", async () => {
    const a = await addEmail(0);
    const b = await addEmail(0);
    const copy = await addEmail(4);
    const before = await stored([a, b, copy]);
    const refused = [
      // The same non-Copy status on two emails.
      [{ muid: a, deleted: 1, email_read: 1, panelist_core: 1, index_name: 'emails_2024' }, { muid: b, deleted: 1, email_read: 1, index_name: 'emails_2024' }],
      // Copy on one email and Focus on another is still a bulk change with a non-Copy status.
      [{ muid: a, deleted: 4, email_read: 1 }, { muid: copy, deleted: 0, email_read: 1 }],
      [{ muid: a, deleted: 1 }, { muid: copy, deleted: 0 }],
    ];
    for (const payload of refused) {
      const res = await update(payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('Please select only copy status.');
    }
    // Nothing of any refused request was stored: not the status, the read mark or the flag.
    expect(await stored([a, b, copy])).toEqual(before);
    expect(await activityOf([a, b, copy])).toBe(0);
  });

  it('sets Copy on several emails at once and marks them read', async () => {
    const a = await addEmail(0);
    const b = await addEmail(1);
    const res = await update([
      { muid: a, deleted: 4, email_read: 1, index_name: 'emails_2024' },
      { muid: b, deleted: 4, email_read: 1, index_name: 'emails_2024' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // The answer carries the rows as stored, so every list showing them updates without a re-read.
    const answer = res.json<{ status: string; rows: { muid: number; deleted: number; email_read: number }[] }>();
    expect(answer.status).toBe('ok');
    expect(answer.rows.map((r) => ({ muid: r.muid, deleted: r.deleted, email_read: r.email_read })).sort((x, y) => x.muid - y.muid)).toEqual([
      { muid: a, deleted: 4, email_read: 1 },
      { muid: b, deleted: 4, email_read: 1 },
    ]);
    expect(await stored([a, b])).toEqual([
      { muid: a, deleted: 4, email_read: 1, panelist_core: 0 },
      { muid: b, deleted: 4, email_read: 1, panelist_core: 0 },
    ]);
    expect(await activityOf([a, b])).toBe(2);
  });

  it('keeps per-email changes working: one status change, with other rows resending their current status', async () => {
    const a = await addEmail(0);
    const b = await addEmail(0);
    const single = await update([{ muid: a, deleted: 1, email_read: 1 }]);
    expect(single.statusCode, single.body).toBe(200);
    // Full-row clients send every row's status: only b's actually changes, so this is not a bulk change.
    const fullRows = await update([
      { muid: a, deleted: 1, panelist_core: 1 },
      { muid: b, deleted: 1 },
    ]);
    expect(fullRows.statusCode, fullRows.body).toBe(200);
    expect(await stored([a, b])).toEqual([
      { muid: a, deleted: 1, email_read: 1, panelist_core: 1 },
      { muid: b, deleted: 1, email_read: 0, panelist_core: 0 },
    ]);
  });
});
