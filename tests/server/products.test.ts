import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataHash } from '../../src/server/metadataHash';
import { storageFor } from '../../src/server/storage/storageFor';
import { makePdf, numberedPages } from './helpers/makePdf';
import { approvableProduct, countRows, createProduct, creditCardChain, productsKit, type ProductsKit } from './productsKit';

// 001 §4, §5, §7 and 002 §7: the product API enforces the same rules as the editor, on a real database.

interface Refusal {
  error: string;
  message: string;
  errors: Array<{ rule: string; field: string; message: string }>;
}

describe('product API', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
  });
  afterAll(async () => kit.close());

  const post = (url: string, payload: unknown, headers = kit.as.editor) => kit.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const get = (url: string, headers: Record<string, string> | undefined = kit.as.editor) => kit.app.inject({ method: 'GET', url, headers });
  const stored = async (id: number) => {
    const r = await kit.db.query<{ document: Record<string, unknown>; product_status: number; is_deleted: number; metadata_version: string; index_name: string; entry_id: string; last_worked_user: string }>(
      'select document, product_status, is_deleted, metadata_version, index_name, entry_id, last_worked_user from products where product_id = $1',
      [id],
    );
    return r.rows[0];
  };
  const messages = (body: string) => (JSON.parse(body) as Refusal).errors.map((e) => e.message);

  describe('POST /api/addProduct', () => {
    it('refuses a document the rules refuse with 422 and the list of problems, and stores nothing', async () => {
      const products = await countRows(kit.db, 'products');
      const activity = await countRows(kit.db, 'activity');
      const res = await post('/api/addProduct', { media_channel: 1 });
      expect(res.statusCode).toBe(422);
      const body = res.json<Refusal>();
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { rule: 'audience.required', field: 'audience', message: 'Audience' },
          { rule: 'entry_date.required', field: 'entry_date', message: 'Entry Date' },
          { rule: 'dm_tm_source.required', field: 'dm_tm_source', message: 'DM/TM Source' },
        ]),
      );
      expect(await countRows(kit.db, 'products')).toBe(products);
      expect(await countRows(kit.db, 'activity')).toBe(activity);
    });

    it('saves a product whose warning rules fail: warnings are confirmed in the editor, never refused', async () => {
      // state_specific.states_selected (rules/product/warnings.json, severity "warning") fails on this document.
      const res = await post('/api/addProduct', approvableProduct({ state_specific: true, state_province: [5] }));
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ payload: { product_id: number } }>().payload.product_id;
      expect((await stored(id)).document).toMatchObject({ state_specific: true, state_province: [5] });
    });

    it('quotes the save checks of 001 §5 (future entry date, offer expiry before entry date)', async () => {
      const before = await countRows(kit.db, 'products');
      let res = await post('/api/addProduct', approvableProduct({ entry_date: '2999-01-01' }));
      expect(res.statusCode).toBe(422);
      expect(messages(res.body)).toContain('Entry Date cannot be in the future');
      res = await post('/api/addProduct', approvableProduct({ offer_expiry_date: '2024-02-01' }));
      expect(res.statusCode).toBe(422);
      expect(messages(res.body)).toContain('Offer Expiry date 2024-02-01 cannot be older than Entry Date 2024-03-01');
      res = await post('/api/addProduct', approvableProduct({ selected_file: 'offer.pdf' }));
      expect(messages(res.body)).toEqual(['File not uploaded.Please click upload button to upload file']);
      expect(await countRows(kit.db, 'products')).toBe(before);
    });

    it('refuses values no rule reads when they do not fit the composed JSON Schema (unknown code, wrong type, bad date)', async () => {
      const before = await countRows(kit.db, 'products');
      const res = await post('/api/addProduct', approvableProduct({ promotion: { holiday: 999 }, panelists: [{ panelist_id: 1, pp_date: 'soon' }] }));
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json<Refusal>();
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { rule: 'schema', field: 'promotion.holiday', message: 'Holiday: 999 is not one of the codes of Holiday.' },
          { rule: 'schema', field: 'panelists.0.pp_date', message: 'Date: "soon" is not a valid date.' },
        ]),
      );
      expect(await countRows(kit.db, 'products')).toBe(before);
      // Empty values are "not entered", as the editor sends them.
      const ok = await post('/api/addProduct', approvableProduct({ promotion: { holiday: '', sale_type: null } }));
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('creates a product: {statusCode: 200, payload: {product_id}}, with the metadata version, index name, entry id and an activity row', async () => {
      const res = await post('/api/addProduct', approvableProduct());
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ statusCode: number; payload: { product_id: number } }>();
      expect(body.statusCode).toBe(200);
      const id = body.payload.product_id;
      expect(id).toBeGreaterThan(0);
      const row = await stored(id);
      expect(row.metadata_version).toBe(metadataHash());
      const health = (await get('/api/health', undefined)).json<{ metadata: string }>();
      expect(row.metadata_version).toBe(health.metadata);
      expect(row.index_name).toBe(`products_${new Date().getFullYear()}`);
      expect(row.entry_id).toMatch(/^2024-03-01-/);
      expect(row.document.product_id).toBe(id);
      expect(row.document.product_status).toBe(0);
      expect(row.last_worked_user).toBe('editor1');
      const act = await kit.db.query<{ username: string; action: string; after: Record<string, unknown> }>("select username, action, after from activity where entity = 'product' and entity_id = $1", [String(id)]);
      expect(act.rows).toEqual([expect.objectContaining({ username: 'editor1', action: 'create' })]);
    });

    it('answers the product as stored, as GET /api/product/{id} reads it, so the editor needs no second read (issue 28 item 8)', async () => {
      const created = (await post('/api/addProduct', approvableProduct())).json<{ payload: { product_id: number; product: Record<string, unknown> } }>().payload;
      const read = async () => (await get(`/api/product/${created.product_id}`)).json<{ payload: Record<string, unknown> }>().payload;
      expect(created.product).toEqual(await read());
      expect(created.product).toMatchObject({ product_id: created.product_id, product_status: 0 });
      const approved = await post(`/api/product/${created.product_id}/status`, { action: 'approve' });
      expect(approved.statusCode, approved.body).toBe(200);
      const answer = approved.json<{ payload: { product: Record<string, unknown> } }>().payload.product;
      expect(answer).toMatchObject({ product_id: created.product_id, product_status: 1 });
      expect(answer).toEqual(await read());
    });

    it('drops editor and dialog state and empties hidden blocks (hidden-data policy) before storing', async () => {
      const id = await createProduct(kit, approvableProduct({
        panelist_draft: { pp_date: '2024-03-01' },
        company_draft: { companyID: 3 },
        sector_draft: { sector: 90 },
        send_link: { message: 'hi', user_email: ['a@b.c'] },
        move_and_delete: { entry_id: '2024-01-01-x' },
        promotion: { holiday: '', form: { promotion_type: 2 }, edit_index: 0 },
        // Delivery shows only on channel 1: on channel 14 its data is cleared.
        delivery: { delivery_method: 1 },
      }));
      const doc = (await stored(id)).document;
      for (const key of ['panelist_draft', 'company_draft', 'sector_draft', 'send_link', 'move_and_delete']) expect(doc).not.toHaveProperty(key);
      expect(doc.promotion).not.toHaveProperty('form');
      expect(doc.promotion).not.toHaveProperty('edit_index');
      expect((doc.delivery as Record<string, unknown> | undefined)?.delivery_method ?? null).toBeNull();
    });

    it('an update the rules refuse leaves the stored product exactly as it was', async () => {
      const id = await createProduct(kit, approvableProduct());
      const before = await stored(id);
      const res = await post('/api/addProduct', { ...before.document, entry_date: '', product_name: 'Changed' });
      expect(res.statusCode).toBe(422);
      expect(messages(res.body)).toContain('Entry Date');
      expect(await stored(id)).toEqual(before);
    });

    it('a status change sent with the document runs that status action (Problem needs a comment)', async () => {
      const id = await createProduct(kit, approvableProduct());
      const before = await stored(id);
      const res = await post('/api/addProduct', { ...before.document, product_status: 4 });
      expect(res.statusCode).toBe(422);
      expect(messages(res.body)).toEqual(['Please Enter Comment']);
      expect((await stored(id)).product_status).toBe(0);
      const ok = await post('/api/addProduct', { ...before.document, product_status: 4, product_comment: 'Scan is blurred' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await stored(id)).product_status).toBe(4);
    });

    it('updating an unknown product answers 404; a view-only role gets 403', async () => {
      expect((await post('/api/addProduct', approvableProduct({ product_id: 987654 }))).statusCode).toBe(404);
      const res = await post('/api/addProduct', approvableProduct(), kit.as.analyst);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('You do not have permission');
    });

    it("enforces allowed sectors on every chain: 403 'You do not have permission' and nothing stored", async () => {
      const before = await countRows(kit.db, 'products');
      const banking = approvableProduct();
      const withCard = approvableProduct({ sectors: [...(banking.sectors as unknown[]), creditCardChain] });
      const res = await post('/api/addProduct', withCard, kit.as.banker);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('You do not have permission');
      expect(await countRows(kit.db, 'products')).toBe(before);
      // The same role may save a product of its own sector...
      const own = await createProduct(kit, banking, kit.as.banker);
      expect(own).toBeGreaterThan(0);
      // ...but not change one that names a sector it may not use, even by removing that sector.
      const cardId = await createProduct(kit, withCard, kit.as.editor);
      const doc = (await stored(cardId)).document;
      const res2 = await post('/api/addProduct', { ...doc, sectors: banking.sectors }, kit.as.banker);
      expect(res2.statusCode).toBe(403);
      expect((await stored(cardId)).document.sectors).toEqual(withCard.sectors);
    });
  });

  describe('two editors on one product: a save over a later change by another user is refused, never undoes it', () => {
    type Loaded = Record<string, unknown> & { updated_at: string; product_headline: string };
    const load = async (id: number, headers: Record<string, string>) => (await get(`/api/product/${id}`, headers)).json<{ payload: Loaded }>().payload;
    it("answers 409 naming who changed it and when; the editor's own saves in a row and a save from a fresh copy go through", async () => {
      const id = await createProduct(kit, approvableProduct({ product_headline: 'Two editors, first headline' }));
      // Both open it.
      const mine = await load(id, kit.as.editor);
      const theirs = await load(id, kit.as.admin);
      // The other user saves first.
      const first = await post('/api/addProduct', { ...theirs, product_headline: 'Their headline' }, kit.as.admin);
      expect(first.statusCode, first.body).toBe(200);
      // This editor's save from the older copy would put the old headline back: refused, nothing stored.
      const activity = await countRows(kit.db, 'activity');
      const stale = await post('/api/addProduct', { ...mine, product_comment: 'My comment' });
      expect(stale.statusCode, stale.body).toBe(409);
      // The editor acts on the code, not the words (an analyst may reword them).
      expect(stale.json<{ code?: string }>().code).toBe('lost_update');
      expect(stale.json<{ message: string }>().message).toMatch(
        /^admin changed this product at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM) \(UTC\), after you opened it\. Nothing was saved, so their change is kept; yours are still on your screen\.$/,
      );
      expect((await stored(id)).document).toMatchObject({ product_headline: 'Their headline' });
      expect((await stored(id)).document.product_comment).not.toBe('My comment');
      expect(await countRows(kit.db, 'activity')).toBe(activity);
      // A status action from the old copy too.
      const staleStatus = await post(`/api/product/${id}/status`, { action: 'problem', product: { ...mine, product_comment: 'Problem from an old copy' } });
      expect(staleStatus.statusCode).toBe(409);
      expect(staleStatus.json<{ code?: string }>().code).toBe('lost_update');

      // From a fresh copy it saves, and again from the answer of that save (the editor's next Update).
      const fresh = await load(id, kit.as.editor);
      const saved = await post('/api/addProduct', { ...fresh, product_comment: 'My comment' });
      expect(saved.statusCode, saved.body).toBe(200);
      const answer = saved.json<{ payload: { product: Loaded } }>().payload.product;
      const again = await post('/api/addProduct', { ...answer, product_comment: 'My second comment' });
      expect(again.statusCode, again.body).toBe(200);
      expect((await stored(id)).document).toMatchObject({ product_headline: 'Their headline', product_comment: 'My second comment' });
      // A copy that carries no time (a script, an import) is not checked.
      const { updated_at: _ignored, ...untimed } = mine;
      expect((await post('/api/addProduct', { ...untimed, product_headline: 'From a script' })).statusCode).toBe(200);
    });

    it("the same user in two tabs: a save from a load older than the other tab's change is refused in its own words; the same load saves on", async () => {
      const id = await createProduct(kit, approvableProduct({ product_headline: 'Two tabs, first headline', product_pdf: '' }));
      // Each editor load names itself (x-editor-id) with its saves and uploads.
      const tabA = { ...kit.as.editor, 'x-editor-id': 'tab-a-00000000000000000000000001' };
      const tabB = { ...kit.as.editor, 'x-editor-id': 'tab-b-00000000000000000000000002' };
      const a = await load(id, tabA);
      const b = await load(id, tabB);
      const savedA = await post('/api/addProduct', { ...a, product_headline: 'Tab A headline' }, tabA);
      expect(savedA.statusCode, savedA.body).toBe(200);
      // Its own upload and its own earlier save are no conflict for tab A, even from the copy it first loaded.
      const boundary = '----two-tabs-boundary';
      const pdf = await makePdf(numberedPages(1));
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="product_id"\r\n\r\n${id}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="tab-a.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...tabA, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: form });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const productPdf = uploaded.json<{ payload: { product_pdf: string } }>().payload.product_pdf;
      const againA = await post('/api/addProduct', { ...a, product_headline: 'Tab A headline', product_pdf: productPdf, product_comment: 'Tab A comment' }, tabA);
      expect(againA.statusCode, againA.body).toBe(200);

      // Tab B, opened before those, would undo them: refused with the code and the other-tab words, nothing stored.
      const activity = await countRows(kit.db, 'activity');
      const stale = await post('/api/addProduct', { ...b, product_comment: 'Tab B comment' }, tabB);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json<{ code?: string }>().code).toBe('lost_update');
      expect(stale.json<{ message: string }>().message).toMatch(
        /^You changed this product in another tab, window or screen at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM) \(UTC\), after this copy was opened\. Nothing was saved, so that change is kept; the changes made here are still on your screen\.$/,
      );
      expect((await post(`/api/product/${id}/status`, { action: 'problem', product: { ...b, product_comment: 'Problem from tab B' } }, tabB)).statusCode).toBe(409);
      expect(await countRows(kit.db, 'activity')).toBe(activity);
      expect((await stored(id)).document).toMatchObject({ product_headline: 'Tab A headline', product_comment: 'Tab A comment', product_pdf: productPdf });

      // Tab B reloaded (a fresh copy) saves; so does a write that names no editor load (a script), as before.
      const fresh = await post('/api/addProduct', { ...(await load(id, tabB)), product_comment: 'Tab B comment' }, tabB);
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect((await post('/api/addProduct', { ...b, product_comment: 'From a script' })).statusCode).toBe(200);
      // That write came from elsewhere (a script; a prediction accepted on its screen and a move write the same way):
      // tab B's copy from before it would undo it, so tab B is refused in the same words.
      const copyB = await load(id, tabB);
      expect((await post('/api/addProduct', { ...copyB, product_comment: 'From a script, later' })).statusCode).toBe(200);
      const afterScript = await post('/api/addProduct', { ...copyB, product_headline: 'Tab B headline' }, tabB);
      expect(afterScript.statusCode, afterScript.body).toBe(409);
      expect(afterScript.json<{ code?: string; message: string }>()).toMatchObject({ code: 'lost_update', message: expect.stringMatching(/^You changed this product in another tab, window or screen at /) });
      expect((await stored(id)).document).toMatchObject({ product_comment: 'From a script, later' });
    });
  });

  describe('status actions: POST /api/product/{id}/status', () => {
    it('Problem needs a comment; the status is set to 4 once it has one', async () => {
      const id = await createProduct(kit, approvableProduct());
      const before = await countRows(kit.db, 'activity');
      const res = await post(`/api/product/${id}/status`, { action: 'problem' });
      expect(res.statusCode).toBe(422);
      expect(res.json<Refusal>().errors).toEqual([{ rule: 'product_comment.problem', field: 'product_comment', message: 'Please Enter Comment' }]);
      expect(await countRows(kit.db, 'activity')).toBe(before);
      const doc = (await stored(id)).document;
      // Blanks alone are no comment: refused by the server as by the editor (the same rule).
      const blank = await post(`/api/product/${id}/status`, { action: 'problem', product: { ...doc, product_comment: '   ' } });
      expect(blank.statusCode).toBe(422);
      expect(blank.json<Refusal>().errors).toEqual([{ rule: 'product_comment.problem', field: 'product_comment', message: 'Please Enter Comment' }]);
      expect((await stored(id)).product_status).toBe(0);
      const ok = await post(`/api/product/${id}/status`, { action: 'problem', product: { ...doc, product_comment: 'Pages missing' } });
      expect(ok.statusCode, ok.body).toBe(200);
      const row = await stored(id);
      expect(row.product_status).toBe(4);
      expect(row.document.product_comment).toBe('Pages missing');
    });

    it("Approve and Unapproved need a product PDF or the process-PDF option ('Please Upload Product Pdf')", async () => {
      // Use Process PDF exists for email content only (001 §2 Media block).
      const id = await createProduct(kit, approvableProduct({ product_pdf: '', ec_content_type: 'email' }));
      for (const action of ['approve', 'unapprove']) {
        const res = await post(`/api/product/${id}/status`, { action });
        expect(res.statusCode).toBe(422);
        expect(messages(res.body)).toContain('Please Upload Product Pdf');
        expect((await stored(id)).product_status).toBe(0);
      }
      const doc = (await stored(id)).document;
      const both = await post(`/api/product/${id}/status`, { action: 'approve', product: { ...doc, product_pdf: '/api/download/1', use_same_process_pdf: 1 } });
      expect(messages(both.body)).toEqual(['Please Choose one option from Upload Product Pdf or Process Pdf Option']);
      const processPdf = await post(`/api/product/${id}/status`, { action: 'approve', product: { ...doc, use_same_process_pdf: 1 } });
      expect(processPdf.statusCode, processPdf.body).toBe(200);
      expect((await stored(id)).product_status).toBe(1);
    });

    it('mobile digital content approves without a PDF; approval checks the approval-required fields', async () => {
      const mobile = await createProduct(kit, approvableProduct({ product_pdf: '', ec_content_type: 'mobiledigital' }));
      expect((await post(`/api/product/${mobile}/status`, { action: 'approve' })).statusCode).toBe(200);
      const bare = await createProduct(kit, { entry_date: '2024-03-01', media_channel: 14, audience: 1 });
      const res = await post(`/api/product/${bare}/status`, { action: 'approve' });
      expect(res.statusCode).toBe(422);
      expect(messages(res.body)).toEqual(expect.arrayContaining(['Please Upload Product Pdf', 'Product Image', 'Product Name', 'Product Headline', 'Company', 'Sector/Category', 'Mailing Type', 'Personalization', 'State Province']));
    });

    it('approval refuses a Product Image that cannot be shown, in the editor\'s words (issue 27 item 5)', async () => {
      const id = await createProduct(kit, approvableProduct({ product_image: 'brochure.pdf' }));
      const res = await post(`/api/product/${id}/status`, { action: 'approve' });
      expect(res.statusCode).toBe(422);
      expect(messages(res.body)).toEqual([
        "The Product Image cannot be shown: choose a page of the product's PDF or a company image, or give an http(s) address or an image path ending in .jpg, .png, .gif, .webp or .svg.",
      ]);
      expect((await stored(id)).product_status).toBe(0);
    });

    it('approval refuses a Product Image naming a stored file that does not exist, a page image or a storage path, in the same words (issue 27 item 5)', async () => {
      const storage = storageFor(kit.config);
      const showable = "The Product Image cannot be shown: choose a page of the product's PDF or a company image, or give an http(s) address or an image path ending in .jpg, .png, .gif, .webp or .svg.";
      const owner = await createProduct(kit, approvableProduct());
      await storage.put('images/page-1.jpg', Buffer.from([0xff, 0xd8, 0xff]));
      await storage.put('images/kept.png', Buffer.from([0x89, 0x50]));
      const file = await kit.db.query<{ id: string }>(
        "insert into product_files (product_id, storage_key, mime, size, sha256, kind) values ($1, 'products/x.pdf', 'application/pdf', 1, 'x', 'pdf') returning id::text as id",
        [owner],
      );
      const image = async (key: string, page: number) =>
        (await kit.db.query<{ id: string }>('insert into product_images (product_id, file_id, page, storage_key, thumb_key, width, height) values ($1, $2, $3, $4, $4, 1, 1) returning id::text as id', [owner, file.rows[0]!.id, page, key])).rows[0]!.id;
      const shown = await image('images/page-1.jpg', 1);
      const gone = await image('images/page-2-removed.jpg', 2);
      const approve = async (productImage: string) => {
        const id = await createProduct(kit, approvableProduct({ product_image: productImage }));
        const res = await post(`/api/product/${id}/status`, { action: 'approve' });
        return { code: res.statusCode, body: res.body, status: (await stored(id)).product_status };
      };
      for (const missing of ['/api/product-images/99999999', `/api/product-images/${gone}`, 'images/nothing-here.jpg', 'images/../secret.png']) {
        const r = await approve(missing);
        expect(r.code, missing).toBe(422);
        expect(messages(r.body), missing).toEqual([showable]);
        expect(r.status, missing).toBe(0);
      }
      // Files that exist approve; http(s) addresses and paths on the portal's host are not fetched.
      for (const fine of [`/api/product-images/${shown}`, 'images/kept.png', 'https://cdn.example.com/missing.jpg', '/images/p.jpg']) {
        const r = await approve(fine);
        expect(r.code, `${fine}: ${r.body}`).toBe(200);
        expect(r.status, fine).toBe(1);
      }
    });

    it('approve 1, unapprove 2, reprocess 3, unused -1, problem 4: each saves the status and logs it', async () => {
      const id = await createProduct(kit, approvableProduct({ product_comment: 'checked' }));
      for (const [action, status] of [['approve', 1], ['unapprove', 2], ['reprocess', 3], ['unused', -1], ['problem', 4]] as const) {
        const res = await post(`/api/product/${id}/status`, { action });
        expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
        expect((await stored(id)).product_status).toBe(status);
      }
      const log = await get(`/api/product-admin-log/${id}?type=process`, kit.as.admin);
      const rows = log.json<{ payload: Array<{ userid: string; ProductActivity: string; logDate: string }> }>().payload;
      expect(rows.map((r) => r.ProductActivity)).toEqual([
        'Status set to Problem', 'Status set to Unused', 'Status set to Reprocessed', 'Status set to UnApproved', 'Status set to Approved', 'Created the product',
      ]);
      expect(rows.every((r) => r.userid === 'editor1' && !Number.isNaN(Date.parse(r.logDate)))).toBe(true);
    });

    it('refuses an unknown action (400), a role without the approve grant (403) and an unknown product (404)', async () => {
      const id = await createProduct(kit, approvableProduct());
      expect((await post(`/api/product/${id}/status`, { action: 'glacier' })).statusCode).toBe(400);
      expect((await post(`/api/product/${id}/status`, { action: 'approve' }, kit.as.analyst)).statusCode).toBe(403);
      expect((await post('/api/product/987654/status', { action: 'approve' })).statusCode).toBe(404);
      expect((await post('/api/product/abc/status', { action: 'approve' })).statusCode).toBe(400);
    });
  });

  describe('soft delete and restore', () => {
    it("soft-deletes with the product's index name: 'Product has been deleted successfully'; the product is then read-only", async () => {
      const id = await createProduct(kit, approvableProduct());
      const row = await stored(id);
      expect((await post('/api/product/soft-delete', { data: [{ product_id: id, index_name: 'products_1999' }] })).statusCode).toBe(400);
      expect((await post('/api/product/soft-delete', { data: [{ product_id: id, index_name: row.index_name }] }, kit.as.analyst)).statusCode).toBe(403);
      const res = await post('/api/product/soft-delete', { data: [{ product_id: id, index_name: row.index_name }] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ statusCode: 200, message: 'Product has been deleted successfully' });
      expect((await stored(id)).is_deleted).toBe(1);
      expect((await get(`/api/product/${id}`)).json<{ payload: { is_deleted: number } }>().payload.is_deleted).toBe(1);
      // A deleted product cannot be saved or change status until an administrator restores it.
      const archived = await post('/api/addProduct', { ...row.document, product_name: 'x' });
      expect(archived.statusCode).toBe(409);
      // Its body is the plain {error, message}: no code, so the editor shows it as an alert, not a reload.
      expect(archived.json()).toEqual({ error: 'Conflict', message: 'This product has been moved to the archive section; contact an administrator to restore it.' });
      expect((await post(`/api/product/${id}/status`, { action: 'approve' })).statusCode).toBe(409);
      expect((await post('/api/product/restore', { data: [{ product_id: id, index_name: row.index_name }] })).statusCode).toBe(403);
      expect((await post('/api/product/restore', { data: [{ product_id: id, index_name: row.index_name }] }, kit.as.admin)).statusCode).toBe(200);
      expect((await stored(id)).is_deleted).toBe(0);
      const acts = await kit.db.query<{ action: string }>("select action from activity where entity = 'product' and entity_id = $1 order by id", [String(id)]);
      expect(acts.rows.map((a) => a.action)).toEqual(['create', 'soft_delete', 'restore']);
    });
  });

  describe('reads and per-section loaders (002 §7)', () => {
    let id: number;
    beforeAll(async () => {
      id = await createProduct(kit, approvableProduct());
      // The product↔email link is made by the server's own flows (accept a prediction, create from an
      // email the caller may see: docs/decisions/permissions.md); set it as they would.
      await kit.db.query('update products set muid = 4242 where product_id = $1', [id]);
    });

    it('GET /api/product/{id} and GET /api/product/muid/{muid} answer the stored document with productId, muid, isMobile', async () => {
      const res = await get(`/api/product/${id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ statusCode: number; payload: Record<string, unknown> }>();
      expect(body.statusCode).toBe(200);
      expect(body.payload).toMatchObject({ product_id: id, productId: id, muid: '4242', isMobile: 0, product_name: 'Acme Checking', last_worked_user: 'editor1' });
      const byMuid = await get('/api/product/muid/4242');
      expect(byMuid.json<{ payload: { product_id: number } }>().payload.product_id).toBe(id);
      expect((await get('/api/product/muid/1111')).statusCode).toBe(404);
    });

    it('numeric-id rule: a non-numeric id is 400, an unknown product 404 (JSON), no token 401', async () => {
      for (const url of ['/api/product/abc/main', '/api/product/12a', '/api/lastWorkedUser/x', '/api/product/0/main']) expect((await get(url)).statusCode, url).toBe(400);
      const missing = await get('/api/product/987654/main');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/application\/json/);
      expect(missing.json()).toEqual({ error: 'Not Found', message: 'Product 987654 not found' });
      expect((await get(`/api/product/${id}/main`, {})).statusCode).toBe(401);
      expect((await get(`/api/product/${id}`, {})).statusCode).toBe(401);
    });

    it('a section is any block or field id of the metadata; the answer is {statusCode: 200, payload: its slice}', async () => {
      const main = (await get(`/api/product/${id}/main`)).json<{ statusCode: number; payload: Record<string, unknown> }>();
      expect(main.statusCode).toBe(200);
      expect(main.payload).toMatchObject({ product_id: id, entry_date: '2024-03-01', state_specific: false });
      const classification = (await get(`/api/product/${id}/classification`)).json<{ payload: Record<string, unknown> }>().payload;
      expect(classification).toMatchObject({ media_channel: 14, audience: 1, mailing_type: 1, personalization: 2, state_province: [5] });
      expect((await get(`/api/product/${id}/audience`)).json()).toEqual({ statusCode: 200, payload: 1 });
      const delivery = (await get(`/api/product/${id}/delivery`)).json<{ payload: Record<string, unknown> }>().payload;
      expect(Object.keys(delivery)).toEqual(expect.arrayContaining(['delivery_method']));
      // Dialog state is not a stored section; unknown names are 404.
      expect((await get(`/api/product/${id}/send_link`)).statusCode).toBe(404);
      expect((await get(`/api/product/${id}/nonsense`)).statusCode).toBe(404);
    });

    it('GET /api/lastWorkedUser/{id} answers user_name', async () => {
      expect((await get(`/api/lastWorkedUser/${id}`)).json()).toEqual({ statusCode: 200, payload: { user_name: 'editor1' } });
    });

    it('POST /api/get_product_headline finds another product with the same headline (not the product itself)', async () => {
      const res = await post('/api/get_product_headline', { product_headline: 'open an ACME checking account today' });
      expect(res.json()).toMatchObject({ status_code: 200, product_headline_exist: true, request: { product_headline: 'open an ACME checking account today' } });
      const none = await post('/api/get_product_headline', { product_headline: 'A headline nobody used' });
      expect(none.json()).toMatchObject({ status_code: 200, product_headline_exist: false, product_id: null });
    });
  });

  describe('Product Activity Log', () => {
    it('is for product admins only, and records who, what and when for every write', async () => {
      const id = await createProduct(kit, approvableProduct());
      const doc = (await stored(id)).document;
      expect((await post('/api/addProduct', { ...doc, product_name: 'Acme Checking Plus' })).statusCode).toBe(200);
      expect((await get(`/api/product-admin-log/${id}?type=process`, kit.as.editor)).statusCode).toBe(403);
      const res = await get(`/api/product-admin-log/${id}?type=process`, kit.as.admin);
      expect(res.statusCode).toBe(200);
      const rows = res.json<{ statusCode: number; payload: Array<{ userid: string; ProductActivity: string; logDate: string }> }>().payload;
      expect(rows.map((r) => [r.userid, r.ProductActivity])).toEqual([
        ['editor1', 'Updated the product: Product Name'],
        ['editor1', 'Created the product'],
      ]);
      const act = await kit.db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
        "select before, after from activity where entity = 'product' and entity_id = $1 and action = 'update'",
        [String(id)],
      );
      expect(act.rows[0].before).toMatchObject({ product_name: 'Acme Checking' });
      expect(act.rows[0].after).toMatchObject({ product_name: 'Acme Checking Plus' });
    });

    it('does not list Mobile as changed when the stored document had no flag and the editor sent back the 0 it was shown', async () => {
      const id = await createProduct(kit, approvableProduct());
      // Demo and imported products are stored without isMobile; GET shows them with isMobile 0.
      await kit.db.query(`update products set document = document - 'isMobile' where product_id = $1`, [id]);
      const doc = { ...(await stored(id)).document, isMobile: 0 };
      expect((await post('/api/addProduct', { ...doc, product_name: 'Acme Checking Mobile-free' })).statusCode).toBe(200);
      const res = await get(`/api/product-admin-log/${id}?type=process`, kit.as.admin);
      const rows = res.json<{ payload: Array<{ ProductActivity: string }> }>().payload;
      expect(rows[0]!.ProductActivity).toBe('Updated the product: Product Name');
    });
  });
});
