import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/Db';
import { projectRoot } from '../../src/server/paths';
import { getMeta } from '../../src/server/portalMeta';
import { generateReference } from '../../src/server/seed/generateReference';
import { assignCopies } from '../../src/server/emails/assignCopy';
import { seedDemo } from '../../src/server/seed/index';
import { demoLinksKey } from '../../src/server/seed/linkDemoProducts';
import { predictionLinksKey } from '../../src/server/predictions/demoLinks';
import { PANELIST_TYPES } from '../../src/server/seed/referenceTypes';
import { referenceSeededKey } from '../../src/server/seed/seedReference';
import { STATES } from '../../src/server/seed/states';
import { openTestDb } from './helpers/testDb';
import { loadConfig } from '../../src/server/config';
import { claimPdfJobById, newOwnerId, runPdfJob } from '../../src/server/media/pdfJobs';
import { demoPdfCount } from '../../src/server/seed/seedDemoPdfs';
import { fsStorage, storageRoot } from '../../src/server/storage/fsStorage';

const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The demo rows as of this generator version. A change here means every demo row changed: expected
 * when the generator or the pinned faker version changes (update the hash then), a bug otherwise.
 */
const PINNED_FINGERPRINT = '8a64975431cafe90eef9cf0661e6c03c8a051858d0fede10df9b47ebed422749';

describe('generateReference (issue 2 item 5: same rows every run)', () => {
  const data = generateReference();

  it('yields identical data on every call', () => {
    const again = generateReference();
    expect(again).toEqual(data);
    expect(fingerprint(again)).toBe(fingerprint(data));
  });

  it('matches the pinned fingerprint, so every machine gets the same rows', () => {
    expect(fingerprint(data)).toBe(PINNED_FINGERPRINT);
  });

  it('does not depend on time zone or locale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-tz-'));
    try {
      const script = join(dir, 'fingerprint.mjs');
      const modulePath = join(projectRoot, 'src/server/seed/generateReference.ts');
      writeFileSync(script, `import { createHash } from 'node:crypto';
const { generateReference } = await import(${JSON.stringify(modulePath)});
process.stdout.write(createHash('sha256').update(JSON.stringify(generateReference())).digest('hex'));`);
      const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
        cwd: projectRoot,
        env: { ...process.env, TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
        encoding: 'utf8',
      });
      expect(out.trim()).toBe(fingerprint(data));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('produces a few thousand rows in the expected ranges', () => {
    expect(data.companies.length).toBeGreaterThanOrEqual(750);
    expect(data.companies.length).toBeLessThanOrEqual(850);
    expect(data.affinities.length).toBeGreaterThanOrEqual(130);
    expect(data.affinities.length).toBeLessThanOrEqual(170);
    expect(data.panelists.length).toBe(3000);
    expect(data.publications.length).toBeGreaterThanOrEqual(370);
    expect(data.publications.length).toBeLessThanOrEqual(430);
  });

  it('covers the company flags, state-specific companies and card product names', () => {
    const { companies } = data;
    expect(companies.filter((c) => c.isMilitaryCo === 1).length).toBeGreaterThanOrEqual(20);
    expect(companies.filter((c) => c.isWorksiteVoluntary === 1).length).toBeGreaterThanOrEqual(20);
    expect(companies.filter((c) => c.isInsuranceExchange === 1).length).toBeGreaterThanOrEqual(10);
    expect(companies.some((c) => c.companyName.endsWith('Federal Credit Union for service members'))).toBe(true);
    const stateSpecific = companies.filter((c) => c.co_states.length > 0).length / companies.length;
    expect(stateSpecific).toBeGreaterThan(0.1);
    expect(stateSpecific).toBeLessThan(0.22);
    // Every exchange is limited to exactly one state.
    expect(companies.filter((c) => c.isInsuranceExchange === 1).every((c) => c.co_states.length === 1)).toBe(true);
    const cards = companies.filter((c) => / Card (Services|Company)$|Bankcard$/.test(c.companyName));
    expect(cards.filter((c) => c.associatedProductName?.includes('##')).length).toBeGreaterThan(10);
    expect(new Set(companies.map((c) => c.companyName.toLowerCase())).size).toBe(companies.length);
  });

  it('spreads panelists over the four panelist types, both genders, both countries, with unique ids and emails', () => {
    const { panelists } = data;
    for (const type of PANELIST_TYPES) expect(panelists.filter((p) => p.panelist_type === type).length).toBeGreaterThan(200);
    expect(new Set(panelists.map((p) => p.gender))).toEqual(new Set(['M', 'F']));
    expect(new Set(panelists.map((p) => p.owner_type))).toEqual(new Set([0, 1]));
    expect(new Set(panelists.map((p) => p.competi_id)).size).toBe(panelists.length);
    expect(new Set(panelists.map((p) => p.email)).size).toBe(panelists.length);
    const stateCountry = new Map(STATES.map((s) => [s.stateID, s.country]));
    expect(panelists.every((p) => stateCountry.get(p.stateID) === p.country)).toBe(true);
    expect(panelists.some((p) => p.country === 'CA')).toBe(true);
    expect(panelists.every((p) => p.age >= 18 && p.age <= 85)).toBe(true);
  });

  it('gives local publications a state of their country and national ones none', () => {
    const stateCountry = new Map(STATES.map((s) => [s.stateID, s.country]));
    for (const p of data.publications) {
      if (p.p_stateID !== null) expect(stateCountry.get(p.p_stateID)).toBe(p.p_primary_country);
    }
    expect(data.publications.some((p) => p.p_stateID === null)).toBe(true);
    expect(data.publications.some((p) => p.p_primary_country === 'CA')).toBe(true);
  });
});

describe('reference tables and seedDemo', () => {
  let db: Db;
  const logged: string[] = [];

  beforeAll(async () => {
    db = await openTestDb();
    // A slice of the demo inbox is enough for the links between products and emails.
    await seedDemo(db, (m) => logged.push(m), { demoEmails: 400 });
  });
  afterAll(async () => {
    await db?.close();
  });

  const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;

  it('has the 50 US states, DC and the 13 Canadian provinces and territories, each named', async () => {
    const { rows } = await db.query<{ stateID: number; stateName: string; stateCode: string; country: string }>(
      'select "stateID", "stateName", "stateCode", country from states order by "stateID"',
    );
    expect(rows).toEqual(STATES);
    expect(rows.filter((s) => s.country === 'US')).toHaveLength(51);
    expect(rows.filter((s) => s.country === 'CA')).toHaveLength(13);
    expect(rows.every((s) => s.stateName.trim().length > 0)).toBe(true);
    expect(rows.some((s) => s.stateID === 0)).toBe(false);
    expect(rows.find((s) => s.stateCode === 'DC')?.stateName).toBe('District of Columbia');
  });

  it('loads the generated rows with the spec field names and logs the counts', async () => {
    const data = generateReference();
    expect(await count('companies')).toBe(data.companies.length);
    expect(await count('affinities')).toBe(data.affinities.length);
    expect(await count('panelists')).toBe(data.panelists.length);
    expect(await count('publications')).toBe(data.publications.length);
    const c = (await db.query('select "companyID", "companyName", default_img, "isWorksiteVoluntary", "isMilitaryCo", "isInsuranceExchange", co_states, "associatedProductName" from companies where "companyID" = $1', [data.companies[0].companyID])).rows[0];
    expect(c).toEqual(data.companies[0]);
    const p = (await db.query('select panelist_id, competi_id, first_name, last_name, email, age, gender, "incomeID", "stateID", panelist_type, owner_type, country from panelists where panelist_id = $1', [data.panelists[0].panelist_id])).rows[0];
    expect(p).toEqual(data.panelists[0]);
    expect(logged.join('\n')).toMatch(/reference data loaded \(\d+ companies, \d+ affinities, 3000 panelists, \d+ publications\)/);
    expect(await getMeta(db, referenceSeededKey)).toMatchObject({ panelists: 3000 });
  });

  it('seeding again changes nothing', async () => {
    const before = await Promise.all(['companies', 'affinities', 'panelists', 'publications'].map(count));
    const again: string[] = [];
    await seedDemo(db, (m) => again.push(m));
    expect(await Promise.all(['companies', 'affinities', 'panelists', 'publications'].map(count))).toEqual(before);
    expect(again).toContain('seed: reference data already loaded');
  });

  it('co_states reference existing states (panelist and publication states are foreign keys)', async () => {
    const dangling = await db.query<{ n: number }>(
      'select count(*)::int as n from companies c cross join unnest(c.co_states) s where s not in (select "stateID" from states)',
    );
    expect(dangling.rows[0].n).toBe(0);
    const withStates = await db.query<{ n: number }>("select count(*)::int as n from companies where co_states <> '{}'");
    expect(withStates.rows[0].n).toBeGreaterThan(50);
  });

  it('finds a company by a 3-letter substring through the trigram index', async () => {
    const name = generateReference().companies[0].companyName;
    const needle = name.slice(2, 5).toUpperCase(); // case-insensitive, mid-word
    const found = await db.query<{ companyName: string }>(
      `select "companyName" from companies where "companyName" ilike '%' || $1 || '%'`, [needle]);
    expect(found.rows.map((r) => r.companyName)).toContain(name);
    const plan = await db.transaction(async (tx) => {
      // 800 rows would be scanned sequentially; forbid that to see that the index can answer.
      await tx.exec('set local enable_seqscan = off');
      return (await tx.query<{ 'QUERY PLAN': string }>(
        `explain select "companyName" from companies where "companyName" ilike '%' || $1::text || '%'`, [needle])).rows;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('companies_name_trgm_idx');
  });

  it('finds panelists by name, panelist_id and competi_id, publications and affinities by name', async () => {
    const data = generateReference();
    const panelist = data.panelists[42];
    for (const text of [panelist.last_name.slice(0, 4), String(panelist.panelist_id), String(panelist.competi_id)]) {
      const r = await db.query<{ panelist_id: number }>(
        `select panelist_id from panelists where search_text ilike '%' || $1 || '%'`, [text]);
      expect(r.rows.map((row) => row.panelist_id)).toContain(panelist.panelist_id);
    }
    const pub = data.publications[7];
    const pubs = await db.query<{ publicationID: number }>(
      `select "publicationID" from publications where "publicationName" ilike '%' || $1 || '%'`, [pub.publicationName.slice(-6)]);
    expect(pubs.rows.map((r) => r.publicationID)).toContain(pub.publicationID);
    const aff = data.affinities[3];
    const affs = await db.query<{ affinityID: number }>(
      `select "affinityID" from affinities where "affinityName" ilike '%' || $1 || '%'`, [aff.affinityName.slice(0, 5)]);
    expect(affs.rows.map((r) => r.affinityID)).toContain(aff.affinityID);
  });

  it('gives rows added later the next free id', async () => {
    const max = (await db.query<{ m: number }>('select max("companyID")::int as m from companies')).rows[0].m;
    const { rows } = await db.query<{ companyID: number }>(`insert into companies ("companyName") values ('Added Later Co') returning "companyID"`);
    await db.query('delete from companies where "companyID" = $1', [rows[0].companyID]);
    expect(rows[0].companyID).toBe(max + 1);
  });

  it('links a share of the demo products to demo emails: each one Used by its product, some more as Copy', async () => {
    const linked = (await db.query<{ product_id: string; muid: string; entry_id: string; doc_muid: string; deleted: number; email_entry: string; email_product: string }>(
      `select p.product_id::text, p.muid::text, p.entry_id, p.document->>'muid' as doc_muid, e.deleted, e.entry_id as email_entry, e.product_id::text as email_product
         from products p join emails e on e.muid = p.muid`,
    )).rows;
    expect(linked.length).toBeGreaterThan(20);
    for (const l of linked) {
      expect(l.deleted).toBe(2);
      expect([l.doc_muid, l.email_entry, l.email_product]).toEqual([l.muid, l.entry_id, l.product_id]);
    }
    expect(await count('products where muid is not null')).toBe(linked.length);
    const copies = (await db.query<{ entry_id: string; product_muid: string | null }>(
      `select e.entry_id, p.muid::text as product_muid from emails e join products p on p.product_id = e.product_id where e.deleted = 4`,
    )).rows;
    expect(copies.length).toBeGreaterThan(10);
    expect(copies.every((c) => c.product_muid !== null && linked.some((l) => l.entry_id === c.entry_id))).toBe(true);
    // Entry ids fit the dashboards' product id field (000 §5: digits, spaces, hyphens).
    const entryIds = (await db.query<{ entry_id: string }>('select entry_id from products')).rows.map((r) => r.entry_id);
    expect(entryIds.filter((id) => !/^\d{4}-\d{2}-\d{2}[0-9 -]*$/.test(id))).toEqual([]);
    // The predictions' labelled links (a sender's emails, one campaign) come first; the rest are spread over the inbox.
    const spread = (await getMeta(db, demoLinksKey)) as { used: number; copies: number };
    const labelled = ((await getMeta(db, predictionLinksKey)) as { links: number } | null)?.links ?? 0;
    expect(spread.used + labelled).toBe(linked.length);
    expect(spread.copies).toBe(copies.length);
    // Linked once: a second seed changes nothing.
    await seedDemo(db, () => undefined, { demoEmails: 400 });
    expect(await count('products where muid is not null')).toBe(linked.length);
    // Assign Copies succeeds with a demo entry id typed as the dashboard allows.
    const focus = (await db.query<{ muid: string }>('select muid::text from emails where deleted = 0 order by muid limit 2')).rows.map((r) => Number(r.muid));
    // As a reviewer with every sector (Assign Copies sees only products of the caller's sectors).
    const reviewer = { userId: 1, username: 'reviewer1', roleId: 1, roleName: 'reviewer', sessionId: 's', allSectors: true, sectors: [], grants: { dashboard: ['view', 'edit'] } };
    const answer = await assignCopies(db, reviewer, focus, linked[0].entry_id);
    expect(answer).toMatchObject({ status: true, muids: focus });
    const after = (await db.query<{ deleted: number; entry_id: string; product_id: string }>('select deleted, entry_id, product_id::text from emails where muid = any($1::bigint[])', [focus])).rows;
    expect(after).toEqual([0, 1].map(() => ({ deleted: 4, entry_id: linked[0].entry_id, product_id: linked[0].product_id })));
  });
});

describe("demo products' PDFs (issue 14: a fresh demo shows a PDF without an upload)", () => {
  let db: Db;
  let dataDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    db = await openTestDb();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-seed-pdfs-'));
    await seedDemo(db, (m) => logged.push(m), { dataDir, demoEmails: 0 });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const withPdf = () =>
    db.query<{ product_id: string; media_channel: number; document: Record<string, unknown>; file_id: string; storage_key: string; status: string }>(
      `select p.product_id::text as product_id, p.media_channel, p.document, f.id::text as file_id, f.storage_key, j.status
         from products p join product_files f on f.product_id = p.product_id join product_pdf_jobs j on j.file_id = f.id order by p.product_id`,
    );

  it('gives 30 Direct Mail and Print products a stored PDF, recorded as an upload, with a pending PDF job', async () => {
    const rows = (await withPdf()).rows;
    expect(rows).toHaveLength(demoPdfCount);
    expect(logged.join('\n')).toMatch(new RegExp(`seed: ${demoPdfCount} demo products given a PDF in \\d+ ms`));
    expect(new Set(rows.map((r) => r.media_channel))).toEqual(new Set([1, 2]));
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    const storage = fsStorage(storageRoot(dataDir));
    for (const r of rows) {
      expect(r.document).toMatchObject({ product_pdf: `/api/download/${r.product_id}`, file_type: 'application/pdf' });
      expect(String(r.document.file_name)).toMatch(/^[a-z0-9-]+\.pdf$/);
      const bytes = await storage.get(r.storage_key);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(r.document.document_size_byte).toBe(bytes.length);
    }
    const uploads = await db.query<{ n: number }>("select count(*)::int as n from activity where entity = 'product' and action = 'upload' and username = 'demo'");
    expect(uploads.rows[0].n).toBe(demoPdfCount);
    // Companies with several products first: the company-images picker of their other products has pages to offer.
    const offered = await db.query<{ n: number }>(
      `select count(distinct o.product_id)::int as n
         from products o, jsonb_array_elements(o.document->'companies') oc, products p, jsonb_array_elements(p.document->'companies') pc
        where oc->>'companyID' = pc->>'companyID' and o.product_id <> p.product_id and exists (select 1 from product_files f where f.product_id = p.product_id)`,
    );
    expect(offered.rows[0].n).toBeGreaterThanOrEqual(15);
  });

  it("the durable PDF job makes a demo PDF's pages, thumbnails and pdf_content from the product's own words", { timeout: 120_000 }, async () => {
    const row = (await withPdf()).rows[0];
    const owner = newOwnerId();
    const job = await claimPdfJobById(db, owner, row.file_id);
    expect(job).toBeDefined();
    await runPdfJob({ db, storage: fsStorage(storageRoot(dataDir)), owner }, job!);
    const pages = (await db.query<{ page: number; text: string; is_default: boolean }>('select page, text, is_default from product_images where file_id = $1 order by page', [row.file_id])).rows;
    expect(pages.length).toBe(2 + (Number(row.product_id) % 3));
    const doc = (await db.query<{ document: Record<string, unknown> }>('select document from products where product_id = $1', [row.product_id])).rows[0].document;
    const company = (doc.companies as Array<{ companyName: string }>)[0].companyName;
    const text = String(doc.pdf_content).replace(/\s+/g, ' ');
    expect(text).toContain(String(doc.product_headline));
    expect(text).toContain(company);
    expect(pages[0].text).toContain(`Dear ${(doc.panelists as Array<{ first_name: string }>)[0].first_name},`);
    expect(pages[0].is_default).toBe(true);
    expect(doc.banner_product_path).toMatch(/^\/api\/product-images\/\d+$/);
    expect((await db.query<{ status: string }>('select status from product_pdf_jobs where file_id = $1', [row.file_id])).rows[0].status).toBe('done');
  });

  it('seeding again adds no PDFs; DEMO_PDFS sets the count (0: none)', async () => {
    await seedDemo(db, () => undefined, { dataDir, demoEmails: 0 });
    expect((await withPdf()).rows).toHaveLength(demoPdfCount);
    expect(loadConfig({ DEMO_PDFS: '0' }).demoPdfs).toBe(0);
    expect(loadConfig({ DEMO_PDFS: '12' }).demoPdfs).toBe(12);
    expect(loadConfig({}).demoPdfs).toBeUndefined();
    expect(() => loadConfig({ DEMO_PDFS: 'many' })).toThrow('DEMO_PDFS must be a whole number >= 0, got "many"');
  });
});
