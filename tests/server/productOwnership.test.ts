import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import { bearer, signInAs } from './helpers/authKit';
import { approvableProduct, createProduct, creditCardChain, productsKit, type ProductsKit } from './productsKit';

// Issue 26 §5, §6, §10, §12: who may change a product's status, link it to an email, assign copies
// to it and learn of it, whatever route carries the request. Each case failed before the fix.

describe('product ownership rules (issue 26)', () => {
  let kit: ProductsKit;
  /** Authorization headers of the roles made here. */
  const as: Record<string, Record<string, string>> = {};
  let emailMuid = 0;
  let consumerMuid = 0;

  const post = (url: string, payload: unknown, headers: Record<string, string>) => kit.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const row = async (id: number) =>
    (await kit.db.query<{ product_status: number; muid: string | null; document: Record<string, unknown> }>('select product_status, muid::text as muid, document from products where product_id = $1', [id])).rows[0];
  const addRole = async (name: string, sectors: number[] | 'all', grants: Array<[string, string[]]>) => {
    const roleId = await createRole(kit.db, { role_name: name, all_sectors: sectors === 'all', ...(sectors === 'all' ? {} : { sectors }) });
    for (const [module, ops] of grants) await grant(kit.db, roleId, module, ops);
    await createUser(kit.db, { username: name, password: `${name}-password`, role_id: roleId });
    as[name] = bearer((await signInAs(kit.app, name, `${name}-password`)).accessToken);
  };
  const addEmail = async (subject: string, panelistType: string | null, deleted = 0) =>
    Number((await kit.db.query<{ muid: string }>(
      `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, panelist_type, index_name, html_body)
       values ($1, md5($1), 10, $2, 'offers@bank.example', now(), $3, $4, 'emails_2024', $5) returning muid::text as muid`,
      [`<${subject}@ownership>`, subject, deleted, panelistType, `<p>${subject}: the secret offer</p>`],
    )).rows[0].muid);

  beforeAll(async () => {
    kit = await productsKit();
    // Product edit without approve (the role of hole 5), and editors with and without the dashboards.
    await addRole('writer', 'all', [['product', ['view', 'add', 'edit']]]);
    await addRole('writer-triage', 'all', [['product', ['view', 'add', 'edit']], ['dashboard', ['view']], ['producer', ['view']]]);
    await addRole('reviewer-87', [87], [['dashboard', ['view', 'edit']], ['product', ['view']]]);
    await addRole('viewer-87', [87], [['product', ['view']]]);
    // Product add without edit (the Admin Portal offers the two apart).
    await addRole('adder', 'all', [['product', ['view', 'add']]]);
    emailMuid = await addEmail('Producer offer', 'producer');
    consumerMuid = await addEmail('Consumer offer', 'consumer');
  });
  afterAll(async () => kit.close());

  describe('product add and edit: add creates, edit changes', () => {
    it('a role with product add but not edit creates a product through POST /api/addProduct and cannot change one', async () => {
      // It was refused (403) at the route, which asked for edit whatever the call did.
      const created = await post('/api/addProduct', approvableProduct({ product_headline: 'Added by a role without edit' }), as.adder);
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<{ payload: { product_id: number } }>().payload.product_id;
      expect((await row(id)).document).toMatchObject({ product_headline: 'Added by a role without edit' });
      const changed = await post('/api/addProduct', { ...(await row(id)).document, product_id: id, product_name: 'Changed' }, as.adder);
      expect(changed.statusCode, changed.body).toBe(403);
      expect(changed.json<{ message: string }>().message).toBe('You do not have permission');
      // Neither add nor edit: refused at the route.
      const viewer = await post('/api/addProduct', approvableProduct({ sectors: approvableProduct().sectors }), as['viewer-87']);
      expect(viewer.statusCode).toBe(403);
    });
  });

  describe('§5 every status change needs the permission of the action leading to it', () => {
    it('a role with product edit but not approve cannot move an approved product to 0, 5, 10, 11 or 14 through POST /api/addProduct', async () => {
      const id = await createProduct(kit, approvableProduct());
      expect((await post(`/api/product/${id}/status`, { action: 'approve' }, kit.as.editor)).statusCode).toBe(200);
      const approved = (await row(id)).document;
      for (const status of [0, 5, 10, 11, 14, 2, -1]) {
        const res = await post('/api/addProduct', { ...approved, product_id: id, product_status: status }, as.writer);
        expect(res.statusCode, `status ${status}: ${res.body}`).toBe(403);
        expect(res.json<{ message: string }>().message).toBe('You do not have permission');
        expect((await row(id)).product_status).toBe(1);
      }
      // The same role still saves the product without touching its status.
      const same = await post('/api/addProduct', { ...approved, product_id: id, product_name: 'Acme Checking Plus' }, as.writer);
      expect(same.statusCode, same.body).toBe(200);
      expect(await row(id)).toMatchObject({ product_status: 1, document: expect.objectContaining({ product_name: 'Acme Checking Plus' }) });
      // A role with approve may set a status no action sets.
      const junk = await post('/api/addProduct', { ...approved, product_id: id, product_status: 10 }, kit.as.editor);
      expect(junk.statusCode, junk.body).toBe(200);
      expect((await row(id)).product_status).toBe(10);
    });

    it('a new product starts only in New or Temp without approve; Approved or Junk at creation need it', async () => {
      for (const status of [1, 10, 14]) {
        const res = await post('/api/addProduct', approvableProduct({ product_status: status }), as.writer);
        expect(res.statusCode, `status ${status}: ${res.body}`).toBe(403);
      }
      for (const status of [0, 11]) {
        const res = await post('/api/addProduct', approvableProduct({ product_status: status }), as.writer);
        expect(res.statusCode, `status ${status}: ${res.body}`).toBe(200);
        expect((await row(res.json<{ payload: { product_id: number } }>().payload.product_id)).product_status).toBe(status);
      }
    });
  });

  describe('§10 the product↔email link is made only by the server', () => {
    it('a client-chosen muid does not give an editor without the dashboards the email’s HTML', async () => {
      const res = await post('/api/addProduct', approvableProduct({ muid: String(emailMuid) }), as.writer);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('You do not have permission');
      expect((await kit.db.query('select 1 from products where muid = $1', [emailMuid])).rows).toEqual([]);
      const html = await kit.app.inject({ method: 'GET', url: `/api/processedhtml/${emailMuid}`, headers: as.writer });
      expect(html.statusCode).toBe(404);
      expect(html.body).not.toContain('secret offer');
    });

    it('an update never takes a muid from the document: a hand-made product stays unlinked, a linked one keeps its email', async () => {
      const id = await createProduct(kit, approvableProduct(), as.writer);
      const res = await post('/api/addProduct', { ...(await row(id)).document, product_id: id, muid: String(emailMuid) }, as.writer);
      expect(res.statusCode, res.body).toBe(200);
      expect((await row(id)).muid).toBeNull();
      expect((await row(id)).document.muid).toBeUndefined();
      expect((await kit.app.inject({ method: 'GET', url: `/api/processedhtml/${emailMuid}`, headers: as.writer })).statusCode).toBe(404);

      const linked = await post('/api/addProduct', approvableProduct({ muid: String(emailMuid) }), as['writer-triage']);
      expect(linked.statusCode, linked.body).toBe(200);
      const linkedId = linked.json<{ payload: { product_id: number } }>().payload.product_id;
      expect((await row(linkedId)).muid).toBe(String(emailMuid));
      const moved = await post('/api/addProduct', { ...(await row(linkedId)).document, product_id: linkedId, muid: String(consumerMuid) }, as['writer-triage']);
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await row(linkedId)).muid).toBe(String(emailMuid));
    });

    it('creating from an email needs that email’s panelist type, and the email must exist', async () => {
      const other = await post('/api/addProduct', approvableProduct({ muid: String(consumerMuid) }), as['writer-triage']);
      expect(other.statusCode).toBe(403);
      const missing = await post('/api/addProduct', approvableProduct({ muid: '999999999' }), as['writer-triage']);
      expect(missing.statusCode).toBe(404);
      const malformed = await post('/api/addProduct', approvableProduct({ muid: '12abc' }), as['writer-triage']);
      expect(malformed.statusCode).toBe(400);
      expect((await kit.db.query('select 1 from products where muid = $1', [consumerMuid])).rows).toEqual([]);
    });
  });

  describe('the email a product is catalogued from (000 §4 Used; docs/decisions/email-statuses.md)', () => {
    const email = async (muid: number) =>
      (await kit.db.query<{ deleted: number; product_id: string | null; entry_id: string | null }>('select deleted, product_id::text as product_id, entry_id from emails where muid = $1', [muid])).rows[0];
    it('becomes Used, linked to the new product and its entry, in the same save; a Copy email and an update change nothing', async () => {
      const open = await addEmail('Producer offer to catalogue', 'producer');
      const res = await post('/api/addProduct', approvableProduct({ muid: String(open) }), as['writer-triage']);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ payload: { product_id: number } }>().payload.product_id;
      const entry = (await row(id)).document.entry_id;
      expect(await email(open)).toEqual({ deleted: 2, product_id: String(id), entry_id: entry });
      // It leaves Focus's default list and its id names the entry (000 §5 assign-copy lookup).
      expect((await post('/api/emails/assign-copy', { muid: open }, kit.as.admin)).json()).toEqual({ entryID: entry, muid: null, productId: id, ownProduct: true });
      const log = await kit.db.query<{ action: string; before: unknown; after: unknown }>(`select action, before, after from activity where entity = 'email' and entity_id = $1`, [String(open)]);
      expect(log.rows).toEqual([{ action: 'catalogued', before: { deleted: 0, product_id: null, entry_id: null }, after: { deleted: 2, product_id: id, entry_id: entry } }]);

      const copy = await addEmail('Producer offer already a copy', 'producer', 4);
      expect((await post('/api/addProduct', approvableProduct({ muid: String(copy) }), as['writer-triage'])).statusCode).toBe(200);
      expect(await email(copy)).toEqual({ deleted: 4, product_id: null, entry_id: null });

      await kit.db.query('update emails set deleted = 0 where muid = $1', [open]);
      expect((await post('/api/addProduct', { ...(await row(id)).document, product_id: id, product_name: 'Renamed' }, as['writer-triage'])).statusCode).toBe(200);
      expect((await email(open)).deleted).toBe(0);
    });
  });

  describe('§6 assign copies: allowed sectors, no probing, the real entry id', () => {
    it('a product outside the caller’s sectors answers as a missing one, and nothing changes', async () => {
      const card = await createProduct(kit, approvableProduct({ sectors: [creditCardChain], product_headline: 'A card offer' }));
      const entry = (await kit.db.query<{ entry_id: string }>('select entry_id from products where product_id = $1', [card])).rows[0].entry_id;
      const target = await addEmail('To be a copy', null);
      const assign = (entryID: string) => post('/api/emails/assign-copy', { payload: [{ muid: target }], entryID }, as['reviewer-87']);
      const missing = await assign('2020-01-01-1');
      for (const id of [entry, String(card)]) {
        const res = await assign(id);
        expect(res.statusCode).toBe(missing.statusCode);
        expect(res.json()).toEqual(missing.json());
        expect(res.json()).toEqual({ status: false, msg: 'This product does not exist.', muids: [] });
      }
      expect((await kit.db.query('select deleted, entry_id, product_id from emails where muid = $1', [target])).rows[0]).toEqual({ deleted: 0, entry_id: null, product_id: null });
      // Nor does the Used email's lookup tell another sector's entry id.
      const used = await addEmail('Used for a card', null, 2);
      await kit.db.query('update products set muid = $2 where product_id = $1', [card, used]);
      expect((await post('/api/emails/assign-copy', { muid: used }, as['reviewer-87'])).json()).toEqual({ entryID: null, muid: null, msg: 'This product does not exist.' });
      expect((await post('/api/emails/assign-copy', { muid: used }, kit.as.admin)).json()).toEqual({ entryID: entry, muid: null, productId: card, ownProduct: true });
    });

    it('assigning by product id stores the product’s entry id, not the number typed', async () => {
      const bank = await createProduct(kit, approvableProduct({ product_headline: 'Bank offer for copies' }));
      const entry = (await kit.db.query<{ entry_id: string }>('select entry_id from products where product_id = $1', [bank])).rows[0].entry_id;
      const target = await addEmail('Copy by product id', null);
      const res = await post('/api/emails/assign-copy', { payload: [{ muid: target }], entryID: String(bank) }, as['reviewer-87']);
      expect(res.json(), res.body).toEqual({ status: true, msg: `1 email(s) assigned to product ${entry} as Copy.`, muids: [target] });
      expect((await kit.db.query('select deleted, entry_id, product_id::int from emails where muid = $1', [target])).rows[0]).toEqual({ deleted: 4, entry_id: entry, product_id: bank });
      // Its lookup names that product, not one of its own: the product screen of the copy offers it (Manage Product).
      expect((await post('/api/emails/assign-copy', { muid: target }, as['reviewer-87'])).json()).toEqual({ entryID: entry, muid: null, productId: bank, ownProduct: false });
    });
  });

  describe('§12 the headline check names only products the caller may read', () => {
    it('another sector’s product with the same headline is not named', async () => {
      const headline = 'Zero fees for a year on the Platinum card';
      const card = await createProduct(kit, approvableProduct({ sectors: [creditCardChain], product_headline: headline }));
      const check = (headers: Record<string, string>) => post('/api/get_product_headline', { product_headline: headline.toUpperCase() }, headers);
      expect((await check(as['viewer-87'])).json()).toEqual({ status_code: 200, product_headline_exist: false, product_id: null, request: { product_headline: headline.toUpperCase() } });
      expect((await check(kit.as.editor)).json()).toMatchObject({ product_headline_exist: true, product_id: card });
      const bank = await createProduct(kit, approvableProduct({ product_headline: headline }));
      expect((await check(as['viewer-87'])).json()).toMatchObject({ product_headline_exist: true, product_id: bank });
    });
  });
});
