import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptResponse, EmailPredictions, SpaceyListResponse } from '../../src/api/predictionTypes';
import { buildApp } from '../../src/server/app';
import { openJobQueue } from '../../src/server/jobs/openJobQueue';
import { queueScoring, registerPredictionJobs, scoreJob } from '../../src/server/predictions/predictionJobs';
import type { Db } from '../../src/server/db/Db';
import { rawData } from '../../src/server/emails/rawData';
import { predictionStatus } from '../../src/server/predictions/predictionStatus';
import { scoreEmails } from '../../src/server/predictions/scoreEmails';
import { trainFromCatalogue } from '../../src/server/predictions/trainFromCatalogue';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

// Issue 15 / 000 §3 Prediction, §5 (company search after more than 2 characters), §7 "Predictions
// and companies": the model is trained from products linked to emails by muid, versioned, and its
// predictions are accepted into the email's product or rejected as feedback for the next training.

const senders = [
  { from: 'offers@bigbank.example', words: 'checking savings deposit interest account', sector: 87, category: 1001, company: 1, mt: 1 },
  { from: 'deals@travelnow.example', words: 'flight hotel vacation booking miles', sector: 90, category: null, company: 2, mt: 2 },
  { from: 'news@telco.example', words: 'wireless phone unlimited data minutes', sector: 95, category: null, company: 3, mt: 4 },
];

async function addEmail(db: Db, subject: string, from: string, body: string): Promise<number> {
  const r = await db.query<{ muid: string }>(
    `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_name, email_from_one, email_date, text_body, index_name, search)
     values ($1, md5($1), 100, $2, 'Team', $3, '2024-03-01T10:00:00Z', $4, 'emails_2024', setweight(to_tsvector('simple', $2), 'A') || setweight(to_tsvector('simple', $4), 'D')) returning muid`,
    [`<${subject}@t>`, subject, from, body],
  );
  return Number(r.rows[0].muid);
}

describe('predictions (spacey)', () => {
  let db: Db;
  let app: FastifyInstance;
  let reviewer: Record<string, string>;
  let analyst: Record<string, string>;
  const config = testConfig();
  const fresh: Record<string, number> = {};

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    await app.ready();
    const users = await seedRoleUsers(db);
    // The accept creates products, so the reviewer here is the admin (every grant).
    reviewer = bearer((await signInAs(app, 'admin', users.admin.password)).accessToken);
    analyst = bearer((await signInAs(app, users.analyst.username, users.analyst.password)).accessToken);
    for (const [id, name] of [[1, 'Big Bank'], [2, 'Travel Now'], [3, 'Telco Mobile']] as const) {
      await db.query(`insert into companies ("companyID", "companyName") values ($1, $2)`, [id, name]);
    }
    // 36 catalogued emails: each product's labels follow its sender, as in a real catalogue.
    for (let i = 0; i < 36; i++) {
      const s = senders[i % 3];
      const muid = await addEmail(db, `Offer ${i}: ${s.words.split(' ')[i % 5]}`, s.from, `${s.words} number${i}`);
      const chain = [{ id: s.sector, name: 'x', sequence: 1 }, ...(s.category ? [{ id: s.category, name: 'y', sequence: 2 }] : [])];
      const doc = { muid: String(muid), sectors: [chain], mailing_type: s.mt, companies: [{ companyID: s.company, companyName: `Company ${s.company}` }], media_channel: 3 };
      await db.query(`insert into products (muid, entry_id, document, media_channel, entry_date) values ($1, $2, $3::jsonb, 3, '2024-01-01')`, [muid, `2024-01-01-${i}`, JSON.stringify(doc)]);
    }
    fresh.travel = await addEmail(db, 'Your summer vacation', 'deals@travelnow.example', 'book a hotel and flight now');
    await db.query(
      `insert into panelists (panelist_id, competi_id, first_name, last_name, email, age, gender, "stateID", panelist_type, owner_type, country) values (7, 1007, 'Carol', 'Tester', 'carol@panel.example', 40, 'F', 5, 'consumer', 0, 'US')`,
    );
    await db.query('update emails set panelist_id = 7 where muid = $1', [fresh.travel]);
    fresh.bank = await addEmail(db, 'Earn interest', 'offers@bigbank.example', 'open a savings account with deposit bonus');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  const get = <T,>(url: string, headers = reviewer) => app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const post = <T,>(url: string, payload: object, headers = reviewer) => app.inject({ method: 'POST', url, headers, payload }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

  it('trains a versioned model with held-out figures next to the majority baseline, and scores the emails', async () => {
    const r = await trainFromCatalogue(db);
    expect(r).toMatchObject({ version: 1, variant: 'current', examples: 36, feedbackUsed: 0 });
    expect(r.evaluation.test).toBeGreaterThan(0);
    expect(r.evaluation.targets.sector!.model.macroF1).toBeGreaterThanOrEqual(2 * r.evaluation.targets.sector!.baseline.macroF1);
    expect((await scoreEmails(db)).current).toBe(38);
    const raw = await rawData(db);
    expect(raw.totSpaceyEmails).toBe(38);
    expect(raw.totSpacey2019Emails).toBe(0);
  });

  it('lists the scored emails with their top sector and company and scores (/spacy)', async () => {
    const res = await post<SpaceyListResponse>('/api/spacey/list', { page: 1, perpage: 50, variant: 'current' });
    expect(res.status).toBe(200);
    expect(res.body.totalSpaceyEmails).toBe(38);
    const travel = res.body.payload.find((r) => r.muid === fresh.travel)!;
    expect(travel.sector).toMatchObject({ label: '90' });
    expect(travel.company).toMatchObject({ label: '2', title: 'Company 2' });
    expect(travel.sector!.score).toBeGreaterThan(0.5);
    const searched = await post<SpaceyListResponse>('/api/spacey/list', {
      page: 1, perpage: 50, search: { query: 'summer', by_subject: true, show_blank: true, show_unused: true, show_used: true, show_copy: true, show_junk: true, country: '0' },
    });
    expect(searched.body.payload.map((r) => r.muid)).toEqual([fresh.travel]);
    expect((await post('/api/spacey/list', { page: 1, perpage: 10, variant: '2019' })).body).toMatchObject({ totalSpaceyEmails: 0, model: null });
  });

  it('shows the predictions of one email with evidence and the text the model read', async () => {
    const { status, body } = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.travel}`);
    expect(status).toBe(200);
    expect(body.sectors[0].label).toBe('90');
    expect(body.evidence.sector.map((e) => e.token)).toContain('domain:travelnow.example');
    expect(body.text).toContain('Subject: Your summer vacation');
    expect(body.product).toBeNull();
    expect(body.model_version).toBe(1);
    expect((await get(`/api/spacey/predictions/999999`)).status).toBe(404);
  });

  it('Accept creates the draft product of an email with the sector chain and company', async () => {
    const noPanelist = await post<{ message: string }>(`/api/spacey/accept/${fresh.bank}`, { sector: '87' });
    expect(noPanelist.status).toBe(422);
    expect(noPanelist.body.message).toBe('This email has no panelist, so no product can be drafted from it; enter its product in the product editor.');
    const denied = await post(`/api/spacey/accept/${fresh.travel}`, { sector: '90', company: '2' }, analyst);
    expect(denied.status).toBe(403);
    const res = await post<AcceptResponse>(`/api/spacey/accept/${fresh.travel}`, { sector: '90', company: '2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toBe(true);
    const p = await db.query<{ document: Record<string, unknown>; product_status: number; muid: string }>('select document, product_status, muid from products where product_id = $1', [res.body.product_id]);
    expect(Number(p.rows[0].muid)).toBe(fresh.travel);
    expect(p.rows[0].product_status).toBe(11);
    expect((p.rows[0].document.sectors as Array<Array<{ id: number }>>)[0][0].id).toBe(90);
    expect((p.rows[0].document.companies as Array<{ companyID: number; companyName: string }>)[0]).toMatchObject({ companyID: 2, companyName: 'Travel Now' });
    const again = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.travel}`);
    expect(again.body.product).toMatchObject({ product_id: res.body.product_id, companies: ['Travel Now'] });
    expect(again.body.feedback.map((f) => [f.verdict, f.target])).toEqual(expect.arrayContaining([['accept', 'sector'], ['accept', 'company']]));
    // Feedback names labels by their titles, not their codes (issue 28 item 9).
    expect(again.body.feedback.find((f) => f.target === 'company')).toMatchObject({ label: '2', title: 'Travel Now' });
    expect(again.body.feedback.find((f) => f.target === 'sector')).toMatchObject({ label: '90', title: again.body.sectors.find((g) => g.label === '90')?.title ?? expect.any(String) });
    expect(again.body.feedback.find((f) => f.target === 'sector')!.title).not.toBe('90');

    // A category of another sector replaces the product's first chain, and the answer says so: from the
    // spacey list the editor would not otherwise see the sector change.
    const moved = await post<AcceptResponse>(`/api/spacey/accept/${fresh.travel}`, { category: '1001' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.msg).toBe(`Product ${res.body.product_id} updated with the accepted predictions: the first sector chain is now Banking > Checking Account (it was Credit Card).`);
    const same = await post<AcceptResponse>(`/api/spacey/accept/${fresh.travel}`, { category: '1001' });
    expect(same.body.msg).toBe(`Product ${res.body.product_id} updated with the accepted predictions.`);
  });

  it('Reject stores the feedback, drops the label from the email, and the next training counts it', async () => {
    const before = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.bank}`);
    const top = before.body.sectors[0].label;
    const res = await post(`/api/spacey/reject/${fresh.bank}`, { target: 'sector', label: top });
    expect(res.status).toBe(200);
    const after = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.bank}`);
    expect(after.body.sectors.map((g) => g.label)).not.toContain(top);
    expect((await predictionStatus(db)).feedbackPending).toBe(1);
    const next = await trainFromCatalogue(db);
    expect(next).toMatchObject({ version: 2, feedbackUsed: 1, examples: 37 });
    expect((await predictionStatus(db)).feedbackPending).toBe(0);
    // The server scores as a queued job: one slice, then it queues the next while any were left.
    const jobs = await openJobQueue(db, { onError: (err) => console.error(err) });
    try {
      await registerPredictionJobs(jobs, db);
      const emails = Number((await db.query<{ n: number }>('select count(*)::int as n from emails')).rows[0].n);
      const id = await queueScoring(jobs);
      expect(await jobs.waitFor(scoreJob, id!, { timeoutMs: 60_000 })).toMatchObject({ state: 'completed', output: { scored: { current: emails, '2019': 0 } } });
    } finally {
      await jobs.stop();
    }
    const v2 = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.bank}`);
    expect(v2.body.model_version).toBe(2);
    expect(v2.body.sectors.map((g) => g.label)).not.toContain(top);
  });

  it('searches companies after more than 2 characters; adds, deletes and restores an email company', async () => {
    expect((await get(`/api/spacey/company-name/tr`)).status).toBe(400);
    expect((await get<Array<{ companyName: string }>>(`/api/spacey/company-name/tra`)).body.map((c) => c.companyName)).toEqual(['Travel Now']);
    // A typed fragment is not a company: the reviewer chooses a match or confirms a new one (issue 28 item 9).
    const fragment = await post<{ message: string }>(`/api/spacey/company/${fresh.bank}`, { companyName: 'big ba', muid: fresh.bank });
    expect(fragment).toMatchObject({ status: 400, body: { message: 'Choose a company from the search results, or confirm it as a new company.' } });
    expect((await post(`/api/spacey/company/${fresh.bank}`, { companyName: 'Nobody', companyID: 999 })).status).toBe(404);
    const added = await post<{ id: number; companyID: number }>(`/api/spacey/company/${fresh.bank}`, { companyName: 'big bank', companyID: 1, muid: fresh.bank });
    expect(added.body).toMatchObject({ companyID: 1, companyName: 'Big Bank' });
    expect((await post(`/api/spacey/company/${fresh.bank}`, { companyName: 'Big Bank', companyID: 1 })).status).toBe(409);
    const created = await post<{ id: number; companyID: number | null; companyName: string }>(`/api/spacey/company/${fresh.travel}`, { companyName: 'Acme Fresh Foods', newCompany: true });
    expect(created).toMatchObject({ status: 200, body: { companyID: null, companyName: 'Acme Fresh Foods' } });
    expect((await app.inject({ method: 'DELETE', url: `/api/spacey/company/${added.body.id}`, headers: reviewer })).statusCode).toBe(200);
    let p = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.bank}`);
    expect(p.body.emailCompanies).toEqual([{ id: added.body.id, companyID: 1, companyName: 'Big Bank', deleted: 1 }]);
    expect((await post(`/api/spacey/company-restore/${fresh.bank}`, { companyId: added.body.id, actionid: 1 })).status).toBe(200);
    p = await get<EmailPredictions>(`/api/spacey/predictions/${fresh.bank}`);
    expect(p.body.emailCompanies[0].deleted).toBe(0);
  });

  it("learns a rejection: after training, the rejected label's score drops on the sender's other emails (issue 28 item 9)", async () => {
    const sender = 'deals@travelnow.example';
    const mail = (await db.query<{ muid: string }>('select muid from emails where email_from_one = $1 order by muid', [sender])).rows.map((r) => Number(r.muid));
    const [rejectedOn, other] = mail.filter((m) => m !== fresh.travel);
    const scoreOf = async (muid: number, label: string) => {
      const p = await get<EmailPredictions>(`/api/spacey/predictions/${muid}`);
      return { version: p.body.model_version, score: p.body.sectors.find((g) => g.label === label)?.score ?? 0 };
    };
    const label = (await get<EmailPredictions>(`/api/spacey/predictions/${other}`)).body.sectors[0].label;
    const before = await scoreOf(other, label);
    const [stranger] = (await db.query<{ muid: string }>(`select muid from emails where email_from_one = 'news@telco.example' order by muid limit 1`)).rows.map((r) => Number(r.muid));
    const strangerLabel = (await get<EmailPredictions>(`/api/spacey/predictions/${stranger}`)).body.sectors[0].label;
    const strangerBefore = await scoreOf(stranger, strangerLabel);
    expect(before.score).toBeGreaterThan(0.5);
    expect((await post(`/api/spacey/reject/${rejectedOn}`, { target: 'sector', label })).status).toBe(200);
    // Rejecting alone changes nothing for the sender's other emails: training does.
    expect(await scoreOf(other, label)).toEqual(before);
    const trained = await trainFromCatalogue(db);
    await scoreEmails(db);
    const after = await scoreOf(other, label);
    expect(after.version).toBe(trained.version);
    expect(after.score).toBeLessThan(before.score);
    // Another sender's email keeps its score: the rejection was the travel sender's.
    expect((await scoreOf(stranger, strangerLabel)).score).toBe(strangerBefore.score);
  });

  it('looks up sender details and the entry id of a panelist', async () => {
    expect((await post<string[]>('/api/spacey/sender-details', { query: 'travelnow', searchBy: 'email' })).body).toEqual(['deals@travelnow.example']);
    expect((await post('/api/spacey/assign-copy', { panelist_id: 424242 })).body).toEqual({ entryID: null });
  });
});
