import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalModules } from '../../src/server/auth/modules';
import { panelistTypeModules } from '../../src/server/auth/objectAccess';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import { productEngine } from '../../src/server/products/productEngine';
import { sectionLoaders } from '../../src/server/products/sectionLoaders';
import { fsStorage, storageRoot } from '../../src/server/storage/fsStorage';
import type { FileStorage } from '../../src/server/storage/FileStorage';
import { bearer, signInAs } from './helpers/authKit';
import { makePdf, numberedPages } from './helpers/makePdf';
import { approvableProduct, createProduct, creditCardChain, productsKit, type ProductsKit } from './productsKit';
import { fullSize } from '../helpers/testSize';

// Issue 11 §5 (ASVS V8.2.2, V8.2.3): object-level access as one mechanism (auth/objectAccess),
// proven by role x route x object matrices generated from schemas/admin/modules.json:
// - emails: one role per panelist-type module (and one with none) x every route that reads or
//   changes an email (or a row of one: forward, attachment, company, predictions, duplicate group)
//   x one email of each panelist type: 403 exactly where the role lacks the email's module;
// - products: one role per operation of the product module, with every sector or sector 87 only,
//   x every route that reads or changes a product x a product of sector 87 and one of sector 90:
//   403 exactly where the role lacks the route's declared operation or the product's sector;
// - every other registered /api route is a list (narrowed, tested below) or names why it reads
//   no object: a new route fails "every registered route is classified" until it is given one.
// `npm test` runs a sample of each matrix (every route with an allowed and a refused answer, every
// role and operation); `npm run test:full` every cell (tests/helpers/testSize.ts).

const boundary = '----object-access-boundary';
const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const multipart = (fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer }) =>
  Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: application/pdf\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}` };

type Call = Omit<InjectOptions, 'headers'> & { method: 'GET' | 'POST' | 'DELETE'; url: string; headers?: Record<string, string> };
/** One matrix row: a registered route ("METHOD /url" as Fastify has it) and how to call it on one object. */
interface Row<T> {
  route: string;
  call: (object: T) => Call | Promise<Call>;
  /** What an allowed call answers when not 200 (the route's own rule after the object check). */
  ok?: number[];
}

/** Routes that read or change no single email or product, each with the reason (see the classification test). */
const noObjectRoutes: Record<string, string> = {
  'GET /api/admin/modules': 'the module table',
  'GET /api/admin/users': 'Admin Portal records (users, roles): admin module only, no sector or panelist type',
  'POST /api/admin/users': 'Admin Portal records',
  'PATCH /api/admin/users/:id': 'Admin Portal records (a user id)',
  'POST /api/admin/users/:id/password': 'Admin Portal records (a user id)',
  'GET /api/admin/roles': 'Admin Portal records',
  'POST /api/admin/roles': 'Admin Portal records',
  'PUT /api/admin/roles/:id': 'Admin Portal records (a role id)',
  'PUT /api/admin/roles/:id/permissions': 'Admin Portal records (a role id)',
  'DELETE /api/admin/roles/:id': 'Admin Portal records (a role id)',
  'GET /api/emails/raw-data': 'counts and option lists, no email',
  'GET /api/emails/states/:country': 'reference data',
  'GET /api/emails/forward-to': 'configuration',
  'POST /api/emails/sender': "the caller's own sender address",
  'GET /api/import-jobs': 'import runs (times and states), no email',
  'POST /api/import-jobs/logs': "an import run's per-message log (id, date, size, status), no subject, sender or body",
  'GET /api/panelists/:text': 'reference data (panelists)',
  'POST /api/data/company': 'reference data (companies)',
  'POST /api/data/affinity': 'reference data (affinities)',
  'GET /api/publications/:text': 'reference data (publications)',
  'GET /api/users': "the send-link dialog's recipients",
  'GET /api/data/sectors/:id': 'the sector tree, already cut to the allowed sectors (lookups test)',
  'GET /api/spacey/status': 'model versions and their figures',
  'GET /api/spacey/company-name/:text': 'reference data (companies)',
  'GET /api/rules/catalogue': 'metadata',
  'POST /api/rules/explain': 'evaluates the document the caller sends',
  'GET /api/rules/coverage': 'counts of rule outcomes over the catalogue, no product',
  'GET /api/rules/versions': 'versions of the metadata folder, no product',
};

/** Lists: narrowed to what the caller may see, proven by the list tests below. */
const listRoutes = [
  'POST /api/emails/list', 'POST /api/emails/search', 'POST /api/spacey/list', 'POST /api/spacey/sender-details',
  'POST /api/deduplicates', 'POST /api/deduplicates/search', 'GET /api/company-media/:companyID', 'POST /api/spacey/assign-copy',
  // Narrowed to the caller's sectors: tests/server/productOwnership.test.ts (issue 26 §12).
  'POST /api/get_product_headline',
  // The impact lists only products of the caller's sectors: tests/server/ruleChanges.test.ts.
  'GET /api/rules/diff',
];

/** The cells where a matrix's answer differs from the expected one, readable in a failure. */
const mismatches = (outcome: Record<string, unknown>, expected: Record<string, unknown>) =>
  Object.keys(expected).filter((k) => outcome[k] !== expected[k]).map((k) => `${k}: ${String(outcome[k])} (expected ${String(expected[k])})`);

describe('object-level access matrix (issue 11)', () => {
  let kit: ProductsKit;
  let storage: FileStorage;
  /** panelist type (or 'none') -> muid of an email of that type */
  const emailOf: Record<string, number> = {};
  /** muid -> its forward's efid and its duplicate group */
  const forwardOf: Record<number, number> = {};
  const groupOf: Record<number, number> = {};
  /** role name -> Authorization header */
  const as: Record<string, Record<string, string>> = {};
  let modelVersion = 0;
  let seq = 0;
  /** The matrix user making the calls: forwards and attachments are made theirs (only a creator changes one, issue 26). */
  let caller = 'matrix';
  /** Products: R* are read, W* changed by the matrix. */
  const product: Record<'R87' | 'R90' | 'W87' | 'W90', number> = { R87: 0, R90: 0, W87: 0, W90: 0 };
  const productOps = portalModules.find((m) => m.key === 'product')!.operations;
  const sectorModes = ['all', '87'] as const;

  const sql = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => kit.db.query<T>(text, values).then((r) => r.rows);
  const ensurePrediction = (muid: number) =>
    sql(
      `insert into email_predictions (muid, model_version, variant, sector, category, mailing_type, company, evidence, top_score)
       values ($1, $2, 'current', '[]', '[]', '[]', '[]', '{}', 0.5) on conflict do nothing`,
      [muid, modelVersion],
    );
  const newAttachment = async (muid: number, filename = 'note.pdf') => {
    const key = `forwards/${muid}/matrix-${++seq}.pdf`;
    await storage.put(key, minimalPdf);
    const r = await sql<{ ceafid: string }>(
      `insert into forward_attachments (muid, efid, filename, mime, size, sha256, storage_key, created_by, owner_id)
       values ($1, null, $2, 'application/pdf', $3, 'x', $4, $5, (select user_id from auth_users where username = $5)) returning ceafid`,
      [muid, filename, minimalPdf.length, key, caller],
    );
    return Number(r[0].ceafid);
  };
  /** A part of the email itself (its own attachment, as the import stores one). */
  const newEmailPart = async (muid: number) =>
    Number((await sql<{ id: string }>(
      `insert into email_attachments (muid, filename, content_type, disposition, size, content) values ($1, 'part.pdf', 'application/pdf', 'attachment', $2, $3) returning id`,
      [muid, minimalPdf.length, minimalPdf],
    ))[0].id);
  const newForward = async (muid: number) =>
    Number((await sql<{ efid: string }>(
      `insert into forwarded_emails (muid, forward_subject, forward_from, draft_to, draft_cc, body, message, created_by, owner_id)
       values ($1, 'Fwd', 'matrix@portal.example', 'qa@portal.example', '', '<p>hello</p>', '', $2, (select user_id from auth_users where username = $2)) returning efid`,
      [muid, caller],
    ))[0].efid);
  const newCompany = async (muid: number, deleted: 0 | 1) =>
    Number((await sql<{ id: string }>(`insert into email_companies (muid, "companyName", deleted) values ($1, $2, $3) returning id`, [muid, `Company ${++seq}`, deleted]))[0].id);

  const addRole = async (name: string, allSectors: boolean, grants: Array<[string, string[]]>) => {
    const roleId = await createRole(kit.db, { role_name: name, all_sectors: allSectors, ...(allSectors ? {} : { sectors: [87] }) });
    for (const [module, ops] of grants) await grant(kit.db, roleId, module, ops);
    await createUser(kit.db, { username: name, password: `${name}-password`, role_id: roleId, email: `${name}@portal.example` });
    as[name] = bearer((await signInAs(kit.app, name, `${name}-password`)).accessToken);
  };

  const waitForPages = async (productId: number) => {
    for (let i = 0; i < 600; i++) {
      const r = await sql<{ status: string }>('select j.status from product_pdf_jobs j join product_files f on f.id = j.file_id where f.product_id = $1 order by f.id desc limit 1', [productId]);
      if (r[0]?.status === 'done') return;
      if (r[0]?.status === 'failed') throw new Error(`PDF of product ${productId} failed`);
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('PDF processing did not finish');
  };

  beforeAll(async () => {
    kit = await productsKit();
    storage = fsStorage(storageRoot(kit.config.dataDir));
    modelVersion = (await sql<{ version: number }>(
      `insert into prediction_models (variant, examples, training_ms, evaluation, model)
       values ('current', 0, 0, '{}', '{"library":"wink","targets":{"sector":null,"category":null,"mailing_type":null,"company":null}}') returning version`,
    ))[0].version;
    for (const type of [...panelistTypeModules, 'none']) {
      const r = await sql<{ muid: string }>(
        `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, panelist_type, index_name, search)
         values ($1, md5($1), 10, $2, $3, now(), 0, $4, 'emails_2024', setweight(to_tsvector('simple', $2), 'A')) returning muid::text as muid`,
        [`<${type}@matrix>`, `A ${type} email`, `news@${type}.example`, type === 'none' ? null : type],
      );
      const muid = Number(r[0].muid);
      emailOf[type] = muid;
      await sql('insert into email_raw (muid, raw) values ($1, $2)', [muid, Buffer.from(`Subject: A ${type} email\r\n\r\nhello\r\n`)]);
      forwardOf[muid] = await newForward(muid);
      await ensurePrediction(muid);
      // The temp PDF is rendered once and kept: stored here, so the matrix needs no browser for it.
      await storage.put(`emails/${muid}/processed.pdf`, minimalPdf);
      const g = await sql<{ id: string }>(
        `insert into dedup_groups (original_muid, email_subject, original_sender_name, duplicates, total_duplicates) values ($1, $2, 'News', '', 1) returning id`,
        [muid, `A ${type} email`],
      );
      groupOf[muid] = Number(g[0].id);
      await sql(`insert into dedup_members (group_id, muid, match) values ($1, $2, 'original')`, [groupOf[muid], muid]);
    }
    // Email roles: everything the email screens need, plus one panelist-type module (or none).
    for (const type of [...panelistTypeModules, 'none']) {
      await addRole(`only-${type}`, true, [
        ['dashboard', ['view', 'edit', 'add', 'delete']], ['spacy', ['view', 'edit']], ['deduplicates', ['view']], ['product', ['view']],
        ...(type === 'none' ? [] : [[type, ['view']] as [string, string[]]]),
      ]);
    }
    // Product roles: one per operation of the product module, with every sector or sector 87 only.
    for (const op of productOps) for (const mode of sectorModes) await addRole(`product-${op}-${mode}`, mode === 'all', [['product', [op]]]);
    await createUser(kit.db, { username: 'colleague', password: 'colleague-password', role_id: (await createRole(kit.db, { role_name: 'colleague' })), email: 'colleague@portal.example' });

    product.R87 = await createProduct(kit, approvableProduct());
    product.R90 = await createProduct(kit, approvableProduct({ sectors: [creditCardChain], product_headline: 'A card offer' }));
    product.W87 = await createProduct(kit, approvableProduct({ product_headline: 'Banking, changed by the matrix' }));
    product.W90 = await createProduct(kit, approvableProduct({ sectors: [creditCardChain], product_headline: 'Cards, changed by the matrix' }));
    // The R products were catalogued from emails of their own (R90's of the first panelist type).
    for (const [id, type] of [[product.R87, null], [product.R90, panelistTypeModules[0]]] as const) {
      const r = await sql<{ muid: string }>(
        `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, panelist_type, index_name)
         values ($1, md5($1), 10, 'Catalogued', 'offers@bank.example', now(), 2, $2, 'emails_2024') returning muid::text as muid`,
        [`<product-${id}@matrix>`, type],
      );
      await sql('update products set muid = $2 where product_id = $1', [id, Number(r[0].muid)]);
    }
    const pdf = await makePdf(numberedPages(1));
    for (const id of Object.values(product)) {
      const res = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.admin, ...multipartHeaders }, payload: multipart({ product_id: String(id) }, { field: 'product_media', name: 'offer.pdf', bytes: pdf }) });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const id of Object.values(product)) await waitForPages(id);
  }, 300_000);
  afterAll(async () => kit.close());

  it('the matrices cover every panelist-type module and every product operation of the module table', () => {
    expect(panelistTypeModules).toEqual(portalModules.filter((m) => m.panelist_type).map((m) => m.key));
    expect(panelistTypeModules.length).toBeGreaterThanOrEqual(4);
    expect(productOps).toEqual(['view', 'add', 'edit', 'delete', 'approve', 'admin']);
  });

  // ---- emails ----
  const emailRows: Array<Row<number>> = [
    { route: 'GET /api/emails/email/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/email/${m}` }) },
    { route: 'GET /api/emails/detail/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/detail/${m}` }) },
    { route: 'GET /api/emails/body/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/body/${m}` }) },
    { route: 'GET /api/emails/original/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/original/${m}` }) },
    { route: 'POST /api/emails/read-email', call: (m) => ({ method: 'POST', url: '/api/emails/read-email', payload: { muid: m } }) },
    { route: 'POST /api/emails', call: (m) => ({ method: 'POST', url: '/api/emails', payload: { type: 'update', payload: [{ muid: m, panelist_core: 1 }] } }) },
    { route: 'POST /api/emails/update-score', call: (m) => ({ method: 'POST', url: '/api/emails/update-score', payload: { muid: m, panelist_score: '5' } }) },
    { route: 'POST /api/emails/move-to-glacier', call: (m) => ({ method: 'POST', url: '/api/emails/move-to-glacier', payload: { muids: [m] } }) },
    { route: 'POST /api/emails/move-to-focus', call: (m) => ({ method: 'POST', url: '/api/emails/move-to-focus', payload: { muids: [m] } }) },
    { route: 'POST /api/emails/assign-copy', call: (m) => ({ method: 'POST', url: '/api/emails/assign-copy', payload: { muid: m } }) },
    // The forward editor.
    { route: 'GET /api/emails/html-body/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/html-body/${m}` }) },
    { route: 'GET /api/emails/html-body/:muid/:efid', call: (m) => ({ method: 'GET', url: `/api/emails/html-body/${m}/${forwardOf[m]}` }) },
    { route: 'POST /api/emails/html-body', call: (m) => ({ method: 'POST', url: '/api/emails/html-body', payload: { muid: m, body: '<p>hi</p>', forward_subject: 'Fwd', forward_to: 'qa@portal.example' } }) },
    { route: 'POST /api/emails/send-mail', call: (m) => ({ method: 'POST', url: '/api/emails/send-mail', payload: { muid: m, body: '<p>hi</p>', subject: 'Fwd', forward_to: 'qa@portal.example' } }) },
    { route: 'GET /api/emails/forwarded/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/forwarded/${m}` }) },
    { route: 'DELETE /api/emails/forwarded/:muid/:id', call: async (m) => ({ method: 'DELETE', url: `/api/emails/forwarded/${m}/${await newForward(m)}` }) },
    { route: 'GET /api/emails/attachments/:muid', call: (m) => ({ method: 'GET', url: `/api/emails/attachments/${m}` }) },
    {
      route: 'POST /api/emails/upload-attachments/:muid',
      call: (m) => ({ method: 'POST', url: `/api/emails/upload-attachments/${m}`, headers: multipartHeaders, payload: multipart({}, { field: 'email_attachment', name: 'note.pdf', bytes: minimalPdf }) }),
    },
    { route: 'DELETE /api/emails/attachment/:id', call: async (m) => ({ method: 'DELETE', url: `/api/emails/attachment/${await newAttachment(m)}` }) },
    { route: 'GET /api/emails/download-attachment/:id', call: async (m) => ({ method: 'GET', url: `/api/emails/download-attachment/${await newAttachment(m)}` }) },
    { route: 'GET /api/emails/email-attachment/:id', call: async (m) => ({ method: 'GET', url: `/api/emails/email-attachment/${await newEmailPart(m)}` }) },
    { route: 'GET /api/emails/view-html/:muid/:efid', call: (m) => ({ method: 'GET', url: `/api/emails/view-html/${m}/${forwardOf[m]}` }) },
    { route: 'GET /api/emails/processed-html/:muid/:efid', call: (m) => ({ method: 'GET', url: `/api/emails/processed-html/${m}/original` }) },
    // Headless Chromium renders it; without a browser the allowed answer is 503.
    { route: 'GET /api/emails/render-pdf/:muid/:efid', call: (m) => ({ method: 'GET', url: `/api/emails/render-pdf/${m}/${forwardOf[m]}` }), ok: [503] },
    // The product editor's Temp PDF window shows an email.
    { route: 'GET /api/temppdf/:muid', call: (m) => ({ method: 'GET', url: `/api/temppdf/${m}` }) },
    // The product's Open menu: processed HTML and Render PDF (media.test covers editors without the dashboards).
    { route: 'GET /api/processedhtml/:muid', call: (m) => ({ method: 'GET', url: `/api/processedhtml/${m}` }) },
    { route: 'GET /api/renderpdf/:muid', call: (m) => ({ method: 'GET', url: `/api/renderpdf/${m}` }), ok: [503] },
    // The predictions screen: predictions, accept/reject, companies, taking an email off the list.
    { route: 'GET /api/spacey/predictions/:muid', call: async (m) => (await ensurePrediction(m), { method: 'GET', url: `/api/spacey/predictions/${m}` }) },
    // These emails have no panelist, so an allowed accept is refused by its own rule (422).
    { route: 'POST /api/spacey/accept/:muid', call: (m) => ({ method: 'POST', url: `/api/spacey/accept/${m}`, payload: { sector: '87' } }), ok: [422] },
    { route: 'POST /api/spacey/reject/:muid', call: (m) => ({ method: 'POST', url: `/api/spacey/reject/${m}`, payload: { target: 'sector', label: '87' } }) },
    { route: 'POST /api/spacey/company/:muid', call: (m) => ({ method: 'POST', url: `/api/spacey/company/${m}`, payload: { companyName: `Added ${++seq}`, newCompany: true } }) },
    { route: 'DELETE /api/spacey/company/:id', call: async (m) => ({ method: 'DELETE', url: `/api/spacey/company/${await newCompany(m, 0)}` }) },
    { route: 'POST /api/spacey/company-restore/:muid', call: async (m) => ({ method: 'POST', url: `/api/spacey/company-restore/${m}`, payload: { companyId: await newCompany(m, 1) } }) },
    { route: 'DELETE /api/spacey/master/:id', call: async (m) => (await ensurePrediction(m), { method: 'DELETE', url: `/api/spacey/master/${m}` }) },
    // A duplicate group is its original email's.
    { route: 'GET /api/deduplicates/:id', call: (m) => ({ method: 'GET', url: `/api/deduplicates/${groupOf[m]}` }) },
  ];

  it('email routes x roles x emails: 403 exactly where the role lacks the email’s panelist-type module', async () => {
    const outcome: Record<string, number | string> = {};
    const expected: Record<string, number | string> = {};
    const roles = [...panelistTypeModules, 'none'];
    // The sample: each route for one role (in turn) on every email, so each answers allowed and refused.
    const inSample = (role: string, rowIndex: number) => fullSize || role === roles[rowIndex % roles.length];
    for (const role of roles) {
      for (const [rowIndex, row] of emailRows.entries()) {
        if (!inSample(role, rowIndex)) continue;
        for (const [type, muid] of Object.entries(emailOf)) {
          const key = `${role} ${row.route} ${type}`;
          caller = `only-${role}`;
          const call = await row.call(muid);
          const res = await kit.app.inject({ ...call, headers: { ...call.headers, ...as[`only-${role}`] } });
          outcome[key] = res.statusCode === 403 ? 403 : res.statusCode < 300 || row.ok?.includes(res.statusCode) ? 'ok' : `${res.statusCode} ${res.body.slice(0, 200)}`;
          expected[key] = type === 'none' || type === role ? 'ok' : 403;
        }
      }
    }
    expect(mismatches(outcome, expected)).toEqual([]);
    expect(outcome).toEqual(expected);
    const cells = Object.keys(expected);
    expect(roles.filter((role) => !cells.some((k) => k.startsWith(`${role} `)))).toEqual([]);
    expect(emailRows.filter((row) => !cells.some((k) => k.includes(` ${row.route} `)))).toEqual([]);
  }, 300_000);

  it('a refused delete leaves the attachment, company and predictions in place', async () => {
    const other = emailOf[panelistTypeModules[1]];
    const attachment = await newAttachment(other);
    const company = await newCompany(other, 0);
    await ensurePrediction(other);
    const headers = as[`only-${panelistTypeModules[0]}`];
    expect((await kit.app.inject({ method: 'DELETE', url: `/api/emails/attachment/${attachment}`, headers })).statusCode).toBe(403);
    expect((await kit.app.inject({ method: 'DELETE', url: `/api/spacey/company/${company}`, headers })).statusCode).toBe(403);
    expect((await kit.app.inject({ method: 'DELETE', url: `/api/spacey/master/${other}`, headers })).json()).toEqual({ error: 'Forbidden', message: 'You do not have permission' });
    expect(await sql('select 1 from forward_attachments where ceafid = $1', [attachment])).toHaveLength(1);
    expect(await sql('select 1 from email_companies where id = $1 and deleted = 0', [company])).toHaveLength(1);
    expect(await sql('select 1 from email_predictions where muid = $1', [other])).toHaveLength(1);
  });

  // ---- lists ----
  /** The emails a role may see: no panelist type, or its own. */
  const visibleTo = (role: string) => [emailOf.none, ...(role === 'none' ? [] : [emailOf[role]])].sort();
  const muidsOf = (rows: Array<{ muid: number }>) => rows.map((r) => Number(r.muid)).filter((m) => Object.values(emailOf).includes(m)).sort();

  it('email lists: a panelist-type tab needs its module; "all" and search show only the types the role may see', async () => {
    for (const role of [...panelistTypeModules, 'none']) {
      for (const panelist of ['all', ...panelistTypeModules]) {
        const res = await kit.app.inject({ method: 'POST', url: '/api/emails/list', headers: as[`only-${role}`], payload: { page: 1, perpage: 50, panelist, dashboard: 'focus', search: { show_blank: true, show_unused: true, show_used: true, show_junk: true, show_copy: true } } });
        if (panelist !== 'all' && panelist !== role) {
          expect(res.statusCode, `${role} ${panelist}`).toBe(403);
          continue;
        }
        expect(res.statusCode, `${role} ${panelist}: ${res.body}`).toBe(200);
        expect(muidsOf(res.json().payload), `${role} ${panelist}`).toEqual(panelist === 'all' ? visibleTo(role) : [emailOf[role]]);
      }
      const search = await kit.app.inject({
        method: 'POST', url: '/api/emails/search', headers: as[`only-${role}`],
        payload: { search: { query: 'email', by_subject: true, show_blank: true, show_unused: true, show_used: true, show_junk: true, show_copy: true }, request: { page: 1, perpage: 50, panelist: 'all' } },
      });
      expect(search.statusCode, search.body).toBe(200);
      expect(muidsOf(search.json().payload), `${role} search`).toEqual(visibleTo(role));
    }
  });

  it('the spacey list, its sender search and the deduplicates list show only emails of the role’s panelist types', async () => {
    for (const muid of Object.values(emailOf)) await ensurePrediction(muid);
    for (const role of [...panelistTypeModules, 'none']) {
      const headers = as[`only-${role}`];
      const spacey = await kit.app.inject({ method: 'POST', url: '/api/spacey/list', headers, payload: { page: 1, perpage: 50 } });
      expect(spacey.statusCode, spacey.body).toBe(200);
      expect(muidsOf(spacey.json().payload), `${role} spacey`).toEqual(visibleTo(role));
      expect(spacey.json().totalSpaceyEmails, `${role} spacey total`).toBe(visibleTo(role).length);
      const searched = await kit.app.inject({ method: 'POST', url: '/api/spacey/list', headers, payload: { page: 1, perpage: 50, search: { query: 'email', by_subject: true } } });
      expect(muidsOf(searched.json().payload), `${role} spacey search`).toEqual(visibleTo(role));

      const senders = await kit.app.inject({ method: 'POST', url: '/api/spacey/sender-details', headers, payload: { query: '.example', searchBy: 'email' } });
      expect(senders.statusCode, senders.body).toBe(200);
      const expectedSenders = ['none', ...(role === 'none' ? [] : [role])].map((t) => `news@${t}.example`).sort();
      expect((senders.json() as string[]).filter((s) => s.startsWith('news@')).sort(), `${role} senders`).toEqual(expectedSenders);

      for (const url of ['/api/deduplicates', '/api/deduplicates/search']) {
        const payload = url === '/api/deduplicates' ? { page: 1, perpage: 50 } : { search: { query: 'email', by_subject: true }, payload: { page: 1, perpage: 50 } };
        const res = await kit.app.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode, res.body).toBe(200);
        const originals = (res.json().payload as Array<{ original_muid: number }>).map((g) => ({ muid: g.original_muid }));
        expect(muidsOf(originals), `${role} ${url}`).toEqual(visibleTo(role));
        expect(res.json().tot_deduplicates, `${role} ${url} total`).toBe(visibleTo(role).length);
      }
    }
  });

  it('company media and the spacey entry lookup list only products of the role’s sectors', async () => {
    await sql(`update products set document = jsonb_set(document, '{panelists}', '[{"panelist_id": 4242}]') where product_id = any($1)`, [[product.R87, product.R90]]);
    const company = (approvableProduct().companies as Array<{ companyID: number }>)[0].companyID;
    const media = async (role: string) => {
      const res = await kit.app.inject({ method: 'GET', url: `/api/company-media/${company}`, headers: as[role] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payload as { images: Array<{ product_id: number }>; pdf_product_id: number | null; html_product_id: number | null };
    };
    const all = await media('product-view-all');
    expect(all.images.map((i) => i.product_id)).toEqual(expect.arrayContaining([product.R90, product.R87]));
    expect(all.pdf_product_id).toBe(Math.max(...Object.values(product)));
    // R90's email is of a panelist type this role may not see: its processed HTML is not offered.
    expect(all.html_product_id).toBe(product.R87);
    const only87 = await media('product-view-87');
    expect(only87.images.length).toBeGreaterThan(0);
    expect(only87.images.filter((i) => [product.R90, product.W90].includes(i.product_id))).toEqual([]);
    expect(only87.pdf_product_id).toBe(product.W87);
    expect(only87.html_product_id).toBe(product.R87);
    // The processed HTML link is an email: a role that may not see its panelist type is not offered it.
    expect((await media(`only-${panelistTypeModules[0]}`)).html_product_id).toBe(product.R90);
    expect((await media(`only-${panelistTypeModules[1]}`)).html_product_id).toBe(product.R87);

    const entryOf = async (role: string) => (await kit.app.inject({ method: 'POST', url: '/api/spacey/assign-copy', headers: as[role], payload: { panelist_id: 4242 } })).json().entryID as string | null;
    const entries = await sql<{ product_id: string; entry_id: string }>('select product_id::text, entry_id from products where product_id = any($1)', [[product.R87, product.R90]]);
    const entry = (id: number) => entries.find((e) => Number(e.product_id) === id)!.entry_id;
    await addRole('spacy-87', false, [['spacy', ['view']]]);
    await addRole('spacy-all', true, [['spacy', ['view']]]);
    expect(await entryOf('spacy-all')).toBe(entry(product.R90));
    expect(await entryOf('spacy-87')).toBe(entry(product.R87));
  });

  // ---- products ----
  const indexOf = async (id: number) => (await sql<{ index_name: string }>('select index_name from products where product_id = $1', [id]))[0].index_name;
  const entryIdOf = async (id: number) => (await sql<{ entry_id: string }>('select entry_id from products where product_id = $1', [id]))[0].entry_id;
  const productReadRows: Array<Row<number>> = [
    { route: 'GET /api/product/:id', call: (id) => ({ method: 'GET', url: `/api/product/${id}` }) },
    { route: 'GET /api/product/:id/:section', call: (id) => ({ method: 'GET', url: `/api/product/${id}/companies` }) },
    { route: 'GET /api/product/muid/:muid', call: async (id) => ({ method: 'GET', url: `/api/product/muid/${(await sql<{ muid: string }>('select muid::text from products where product_id = $1', [id]))[0].muid}` }) },
    { route: 'GET /api/lastWorkedUser/:id', call: (id) => ({ method: 'GET', url: `/api/lastWorkedUser/${id}` }) },
    { route: 'GET /api/product-admin-log/:id', call: (id) => ({ method: 'GET', url: `/api/product-admin-log/${id}` }) },
    { route: 'GET /api/emails/product/:product_id', call: (id) => ({ method: 'GET', url: `/api/emails/product/${id}` }) },
    { route: 'GET /api/upload-pdf', call: (id) => ({ method: 'GET', url: `/api/upload-pdf?product_id=${id}` }) },
    { route: 'GET /api/view-images', call: (id) => ({ method: 'GET', url: `/api/view-images?product_id=${id}` }) },
    { route: 'GET /api/product-images/:id', call: async (id) => ({ method: 'GET', url: `/api/product-images/${(await sql<{ id: string }>('select id::text from product_images where product_id = $1 limit 1', [id]))[0].id}` }) },
    { route: 'GET /api/download/:product_id', call: (id) => ({ method: 'GET', url: `/api/download/${id}` }) },
    // Reads that answer by POST.
    { route: 'POST /api/send-email', call: (id) => ({ method: 'POST', url: '/api/send-email', payload: { product_id: id, user_email: ['colleague@portal.example'], message: 'see' } }), ok: [409] },
    { route: 'POST /api/move-and-delete/lookup', call: (id) => ({ method: 'POST', url: '/api/move-and-delete/lookup', payload: { product_id: id } }) },
    { route: 'POST /api/move-and-delete/validate', call: async (id) => ({ method: 'POST', url: '/api/move-and-delete/validate', payload: { target_entry_id: await entryIdOf(id) } }) },
  ];
  /** Every per-section loader the metadata declares (002 §7), one row each. */
  const loaderRows = (): Array<Row<number>> =>
    [...sectionLoaders(productEngine().engine).keys()].map((name) => ({ route: 'GET /api/:loader/:id', call: (id: number) => ({ method: 'GET', url: `/api/${name}/${id}` }) }));
  // Changes: answered by the route's own rules once the object check passed (deleted, approved,
  // still processing, page images made again), so an allowed call may be any 2xx or 4xx but 401/403.
  const productWriteRows: Array<Row<number>> = [
    { route: 'POST /api/addProduct', call: async (id) => ({ method: 'POST', url: '/api/addProduct', payload: { ...(await sql<{ document: Record<string, unknown> }>('select document from products where product_id = $1', [id]))[0].document, product_id: id } }) },
    { route: 'POST /api/product/:id/status', call: (id) => ({ method: 'POST', url: `/api/product/${id}/status`, payload: { action: 'approve' } }) },
    { route: 'POST /api/view-images/default', call: (id) => ({ method: 'POST', url: '/api/view-images/default', payload: { product_id: id, document_sort: 1 } }) },
    { route: 'POST /api/rotate-images', call: (id) => ({ method: 'POST', url: '/api/rotate-images', payload: { product_id: id, document_sort: 1 } }) },
    { route: 'POST /api/resample/:id', call: (id) => ({ method: 'POST', url: `/api/resample/${id}` }) },
    {
      route: 'POST /api/upload-product-media',
      call: async (id) => ({ method: 'POST', url: '/api/upload-product-media', headers: multipartHeaders, payload: multipart({ product_id: String(id) }, { field: 'product_media', name: 'offer.pdf', bytes: await makePdf(numberedPages(1)) }) }),
    },
    { route: 'POST /api/move-and-delete/confirm', call: async (id) => ({ method: 'POST', url: '/api/move-and-delete/confirm', payload: { source_product_id: id, target_entry_id: await entryIdOf(id) } }) },
    { route: 'POST /api/product/soft-delete', call: async (id) => ({ method: 'POST', url: '/api/product/soft-delete', payload: { data: [{ product_id: id, index_name: await indexOf(id) }] } }) },
    { route: 'POST /api/product/restore', call: async (id) => ({ method: 'POST', url: '/api/product/restore', payload: { data: [{ product_id: id, index_name: await indexOf(id) }] } }) },
  ];

  it('product routes x (product operation x allowed sectors) x products: 403 exactly where the operation or the sector is missing', async () => {
    const declared = new Map(kit.app.apiRouteAccess.map((r) => [`${r.method} ${r.url}`, r]));
    const outcome: Record<string, number | string> = {};
    const expected: Record<string, number | string> = {};
    const rows = [...productReadRows.map((r) => ({ ...r, changes: false })), ...loaderRows().map((r) => ({ ...r, changes: false })), ...productWriteRows.map((r) => ({ ...r, changes: true }))];
    expect(loaderRows().length).toBeGreaterThan(20);
    // The sample: each route with its own operation in both sector modes, and one other operation
    // (in turn) in one mode, on both sectors: allowed, refused by sector and refused by operation.
    const inSample = (rowIndex: number, route: { module?: string; operation?: string }, op: string, mode: string) => {
      if (fullSize) return true;
      const own = route.module === 'product' ? route.operation : undefined;
      const others = productOps.filter((o) => o !== own);
      return op === own || (op === others[rowIndex % others.length] && mode === sectorModes[rowIndex % sectorModes.length]);
    };
    for (const mode of sectorModes) {
      for (const op of productOps) {
        for (const [rowIndex, row] of rows.entries()) {
          const route = declared.get(row.route);
          expect(route, row.route).toBeDefined();
          if (!inSample(rowIndex, route!, op, mode)) continue;
          for (const sector of [87, 90]) {
            const object = row.changes ? (sector === 87 ? product.W87 : product.W90) : sector === 87 ? product.R87 : product.R90;
            const key = `${op}/${mode} ${row.route} sector ${sector}`;
            const call = await row.call(object);
            const res = await kit.app.inject({ ...call, headers: { ...call.headers, ...as[`product-${op}-${mode}`] } });
            const allowedAnswer = row.changes ? res.statusCode < 500 && res.statusCode !== 401 : res.statusCode < 300 || !!row.ok?.includes(res.statusCode);
            outcome[key] = res.statusCode === 403 ? 403 : allowedAnswer ? 'ok' : `${res.statusCode} ${res.body.slice(0, 200)}`;
            const granted = route!.module === 'product' && route!.operation === op;
            expected[key] = granted && (mode === 'all' || sector === 87) ? 'ok' : 403;
          }
        }
      }
    }
    expect(mismatches(outcome, expected)).toEqual([]);
    expect(outcome).toEqual(expected);
    const cells = Object.keys(expected);
    expect(productOps.filter((op) => !cells.some((k) => k.startsWith(`${op}/`)))).toEqual([]);
    expect(rows.filter((row) => !cells.some((k) => k.includes(` ${row.route} `)))).toEqual([]);
    expect(Object.values(expected)).toContain(403);
  }, 600_000);

  it('accepting a prediction changes the email’s product only for a role that may edit products', async () => {
    const muid = (await sql<{ muid: string }>('select muid::text from products where product_id = $1', [product.R90]))[0].muid;
    // The R90 product's email is of this role's panelist type; the role may edit predictions, not products.
    const res = await kit.app.inject({ method: 'POST', url: `/api/spacey/accept/${muid}`, headers: as[`only-${panelistTypeModules[0]}`], payload: { sector: '87' } });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('You do not have permission');
    const doc = (await sql<{ document: { sectors: Array<Array<{ id: number }>> } }>('select document from products where product_id = $1', [product.R90]))[0].document;
    expect(doc.sectors[0][0].id).toBe(90);
  });

  it('a status action by an approve-only role changes the status, never the headline', async () => {
    const banking = await createProduct(kit, approvableProduct());
    const res = await kit.app.inject({
      method: 'POST', url: `/api/product/${banking}/status`, headers: as['product-approve-all'],
      payload: { action: 'problem', product: { ...approvableProduct(), product_headline: 'Rewritten by the approver', product_comment: 'Blurry scan' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await kit.db.query<{ product_status: number; document: Record<string, unknown> }>('select product_status, document from products where product_id = $1', [banking]);
    expect(row.rows[0].product_status).toBe(4);
    expect(row.rows[0].document.product_headline).toBe('Open an Acme checking account today');
    expect(row.rows[0].document.product_comment).toBe('Blurry scan');
    // A role that may also edit saves its form with the action, as the editor does.
    const edited = await kit.app.inject({
      method: 'POST', url: `/api/product/${banking}/status`, headers: kit.as.editor,
      payload: { action: 'approve', product: { ...approvableProduct(), product_headline: 'Edited by the editor' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await kit.db.query<{ document: Record<string, unknown> }>('select document from products where product_id = $1', [banking]);
    expect(after.rows[0].document.product_headline).toBe('Edited by the editor');
  });

  it('a file named 资料.pdf downloads with an RFC 6266/5987 Content-Disposition and nosniff', async () => {
    const banking = await createProduct(kit, approvableProduct());
    const up = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.admin, ...multipartHeaders }, payload: multipart({ product_id: String(banking) }, { field: 'product_media', name: '资料.pdf', bytes: minimalPdf }) });
    expect(up.statusCode, up.body).toBe(200);
    const res = await kit.app.inject({ method: 'GET', url: `/api/download/${banking}`, headers: kit.as.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="??.pdf"; filename*=UTF-8''%E8%B5%84%E6%96%99.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a forward attachment named 资料 "report".pdf downloads with an RFC 6266/5987 Content-Disposition', async () => {
    const id = await newAttachment(emailOf.none, '资料 "report".pdf');
    const res = await kit.app.inject({ method: 'GET', url: `/api/emails/download-attachment/${id}`, headers: kit.as.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="?? \\"report\\".pdf"; filename*=UTF-8''%E8%B5%84%E6%96%99%20%22report%22.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(minimalPdf)).toBe(true);
  });

  it('every registered route is classified: a matrix row, a narrowed list, or a reason it reads no object', () => {
    const registered = kit.app.apiRouteAccess.filter((r) => r.access === 'permission' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    const rows = [...emailRows, ...productReadRows, ...loaderRows(), ...productWriteRows].map((r) => r.route);
    const classified = new Set([...rows, ...listRoutes, ...Object.keys(noObjectRoutes)]);
    expect(registered.filter((r) => !classified.has(r)), 'routes with no matrix row, list test or reason').toEqual([]);
    expect([...classified].filter((r) => !registered.includes(r)), 'rows for routes that are not registered').toEqual([]);
    // A route that takes an email, a forward or a product cannot be excused: it needs a matrix row.
    expect(Object.keys(noObjectRoutes).filter((r) => /:(muid|efid|product_id)\b/.test(r) || /^(GET|POST|DELETE|PUT|PATCH) \/api\/(product|emails|spacey|download)\b[^ ]*:id\b/.test(r))).toEqual([]);
  });
});
