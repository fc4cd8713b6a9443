import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalModules } from '../../src/server/auth/modules';
import { panelistTypeModules } from '../../src/server/auth/objectAccess';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import { bearer, signInAs } from './helpers/authKit';
import { approvableProduct, createProduct, creditCardChain, productsKit, type ProductsKit } from './productsKit';

// Issue 11 §5 (ASVS V8.2.2, V8.2.3): object-level access as one mechanism (auth/objectAccess),
// proven by a role x route x object matrix generated from schemas/admin/modules.json.

const boundary = '----object-access-boundary';
const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const upload = (filename: string, productId: number) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="product_id"\r\n\r\n${productId}\r\n--${boundary}\r\ncontent-disposition: form-data; name="product_media"; filename="${filename}"\r\ncontent-type: application/pdf\r\n\r\n`),
    minimalPdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

describe('object-level access matrix (issue 11)', () => {
  let kit: ProductsKit;
  /** panelist type (or 'none') -> muid of an email of that type */
  const emailOf: Record<string, number> = {};
  /** role name -> Authorization header */
  const as: Record<string, Record<string, string>> = {};
  let banking = 0;
  let cards = 0;

  beforeAll(async () => {
    kit = await productsKit();
    const { db } = kit;
    for (const type of [...panelistTypeModules, 'none']) {
      const r = await db.query<{ muid: string }>(
        `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, panelist_type, index_name)
         values ($1, md5($1), 10, $2, 'news@shop.example', now(), 0, $3, 'emails_2024') returning muid::text as muid`,
        [`<${type}@matrix>`, `A ${type} email`, type === 'none' ? null : type],
      );
      emailOf[type] = Number(r.rows[0].muid);
      await db.query('insert into email_raw (muid, raw) values ($1, $2)', [emailOf[type], Buffer.from(`Subject: A ${type} email\r\n\r\nhello\r\n`)]);
    }
    // One role per panelist-type module (the dashboard plus that one type), and one with none.
    for (const type of [...panelistTypeModules, 'none']) {
      const roleId = await createRole(db, { role_name: `only-${type}`, all_sectors: true });
      await grant(db, roleId, 'dashboard', ['view', 'edit']);
      await grant(db, roleId, 'spacy', ['view']);
      if (type !== 'none') await grant(db, roleId, type, ['view']);
      await createUser(db, { username: `only-${type}`, password: `only-${type}-password`, role_id: roleId });
      as[type] = bearer((await signInAs(kit.app, `only-${type}`, `only-${type}-password`)).accessToken);
    }
    // A role limited to sector 87 with every product operation, and an approve-only role.
    const limited = await createRole(db, { role_name: 'sector-87', all_sectors: false, sectors: [87] });
    await grant(db, limited, 'product', ['view', 'edit', 'approve', 'admin']);
    await createUser(db, { username: 'sector87', password: 'sector87-password', role_id: limited, email: 'sector87@portal.example' });
    as.sector87 = bearer((await signInAs(kit.app, 'sector87', 'sector87-password')).accessToken);
    const approver = await createRole(db, { role_name: 'approver', all_sectors: true });
    await grant(db, approver, 'product', ['view', 'approve']);
    await createUser(db, { username: 'approver1', password: 'approver1-password', role_id: approver });
    as.approver = bearer((await signInAs(kit.app, 'approver1', 'approver1-password')).accessToken);

    banking = await createProduct(kit, approvableProduct());
    cards = await createProduct(kit, approvableProduct({ sectors: [creditCardChain], product_headline: 'A card offer' }));
    await db.query('update products set muid = $2 where product_id = $1', [cards, emailOf.none]);
    for (const id of [banking, cards]) {
      const res = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: upload('资料.pdf', id) });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 300_000);
  afterAll(async () => kit.close());

  it('the matrix covers every panelist-type module of the module table', () => {
    expect(panelistTypeModules).toEqual(portalModules.filter((m) => m.panelist_type).map((m) => m.key));
    expect(panelistTypeModules.length).toBeGreaterThanOrEqual(4);
  });

  const emailReads: Array<{ name: string; call: (muid: number) => { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> } }> = [
    { name: 'head', call: (m) => ({ method: 'GET', url: `/api/emails/email/${m}` }) },
    { name: 'detail', call: (m) => ({ method: 'GET', url: `/api/emails/detail/${m}` }) },
    { name: 'body', call: (m) => ({ method: 'GET', url: `/api/emails/body/${m}` }) },
    { name: 'original', call: (m) => ({ method: 'GET', url: `/api/emails/original/${m}` }) },
    { name: 'read mark', call: (m) => ({ method: 'POST', url: '/api/emails/read-email', payload: { muid: m } }) },
    { name: 'status update', call: (m) => ({ method: 'POST', url: '/api/emails', payload: { type: 'update', payload: [{ muid: m, panelist_core: 1 }] } }) },
    // The forward editor and the predictions read the same emails.
    { name: 'forward editor body', call: (m) => ({ method: 'GET', url: `/api/emails/html-body/${m}` }) },
    { name: 'forward history', call: (m) => ({ method: 'GET', url: `/api/emails/forwarded/${m}` }) },
    { name: 'forward attachments', call: (m) => ({ method: 'GET', url: `/api/emails/attachments/${m}` }) },
    { name: 'processed html', call: (m) => ({ method: 'GET', url: `/api/emails/processed-html/${m}/original` }) },
    { name: 'predictions', call: (m) => ({ method: 'GET', url: `/api/spacey/predictions/${m}` }) },
  ];

  it('email routes x roles x emails: 403 exactly where the role lacks the email’s panelist-type module', async () => {
    const outcome: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const role of [...panelistTypeModules, 'none']) {
      for (const route of emailReads) {
        for (const [type, muid] of Object.entries(emailOf)) {
          const key = `${role} ${route.name} ${type}`;
          const res = await kit.app.inject({ ...route.call(muid), headers: as[role] });
          outcome[key] = res.statusCode === 403 ? 403 : 200;
          if (res.statusCode !== 403) expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
          expected[key] = type === 'none' || type === role ? 200 : 403;
        }
      }
    }
    expect(outcome).toEqual(expected);
  });

  it('lists: a panelist-type tab needs its module; "all" shows only the types the role may see', async () => {
    for (const role of [...panelistTypeModules, 'none']) {
      for (const panelist of ['all', ...panelistTypeModules]) {
        const res = await kit.app.inject({ method: 'POST', url: '/api/emails/list', headers: as[role], payload: { page: 1, perpage: 50, panelist } });
        if (panelist !== 'all' && panelist !== role) {
          expect(res.statusCode, `${role} ${panelist}`).toBe(403);
          continue;
        }
        expect(res.statusCode, `${role} ${panelist}`).toBe(200);
        const muids = (res.json().payload as Array<{ muid: number }>).map((r) => r.muid).sort();
        const visible = panelist === 'all' ? [emailOf.none, ...(role === 'none' ? [] : [emailOf[role]])] : [emailOf[role]];
        expect(muids, `${role} ${panelist}`).toEqual(visible.sort());
      }
    }
  });

  const productReads: Array<{ name: string; call: (id: number) => { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> } }> = [
    { name: 'product', call: (id) => ({ method: 'GET', url: `/api/product/${id}` }) },
    { name: 'PDF of Manage PDF', call: (id) => ({ method: 'GET', url: `/api/upload-pdf?product_id=${id}` }) },
    { name: 'page images', call: (id) => ({ method: 'GET', url: `/api/view-images?product_id=${id}` }) },
    { name: 'section slice', call: (id) => ({ method: 'GET', url: `/api/product/${id}/companies` }) },
    { name: 'last worked user', call: (id) => ({ method: 'GET', url: `/api/lastWorkedUser/${id}` }) },
    { name: 'download', call: (id) => ({ method: 'GET', url: `/api/download/${id}` }) },
    { name: 'activity log', call: (id) => ({ method: 'GET', url: `/api/product-admin-log/${id}` }) },
    { name: 'status action', call: (id) => ({ method: 'POST', url: `/api/product/${id}/status`, payload: { action: 'approve' } }) },
    { name: 'send-link', call: (id) => ({ method: 'POST', url: '/api/send-email', payload: { product_id: id, user_email: ['sector87@portal.example'], message: 'see' } }) },
  ];

  it('product routes x sector-limited role x products: a product of another sector is refused on every read', async () => {
    const outcome: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const route of productReads) {
      for (const [name, id] of [['banking 87', banking], ['credit card 90', cards]] as const) {
        const key = `${route.name} ${name}`;
        const res = await kit.app.inject({ ...route.call(id), headers: as.sector87 });
        outcome[key] = res.statusCode === 403 ? 403 : res.statusCode < 300 ? 200 : res.statusCode;
        expected[key] = name === 'banking 87' ? 200 : 403;
      }
    }
    const byMuid = await kit.app.inject({ method: 'GET', url: `/api/product/muid/${emailOf.none}`, headers: as.sector87 });
    outcome['by muid credit card 90'] = byMuid.statusCode;
    expected['by muid credit card 90'] = 403;
    expect(outcome).toEqual(expected);
  });

  it('a status action by an approve-only role changes the status, never the headline', async () => {
    const res = await kit.app.inject({
      method: 'POST', url: `/api/product/${banking}/status`, headers: as.approver,
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
    const res = await kit.app.inject({ method: 'GET', url: `/api/download/${banking}`, headers: kit.as.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="??.pdf"; filename*=UTF-8''%E8%B5%84%E6%96%99.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
