import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyMediaResponse, UploadPdfDetails, ViewImagesResponse } from '../../src/api/media';
import { makePdf, numberedPages } from './helpers/makePdf';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import { bearer, signInAs } from './helpers/authKit';
import { approvableProduct, createProduct, creditCardChain, productsKit, type ProductsKit } from './productsKit';

// 001 §2 Media block and Manage PDF images, §5 PDF content, §7 upload-pdf / view images / rotate / resample, §8.

const boundary = '----portal-media-boundary';
const multipart = (id: number, filename: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="product_id"\r\n\r\n${id}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

describe('product PDF processing and page images', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
  }, 300_000);
  afterAll(async () => kit.close());

  const upload = (id: number, filename: string, content: Buffer) =>
    kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.editor, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart(id, filename, content) });
  const details = async (id: number) => (await kit.app.inject({ method: 'GET', url: `/api/upload-pdf?product_id=${id}`, headers: kit.as.analyst })).json<{ payload: UploadPdfDetails }>().payload;
  const processed = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const d = await details(id);
      if (d.processing.status === 'done' || d.processing.status === 'failed') return d;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('PDF processing did not finish');
  };
  const images = async (id: number) => (await kit.app.inject({ method: 'GET', url: `/api/view-images?product_id=${id}&show=all`, headers: kit.as.analyst })).json<ViewImagesResponse>();

  it('renders every page as an image with a thumbnail, extracts the text into pdf_content, and makes page 1 the default', async () => {
    const id = await createProduct(kit, approvableProduct({ product_pdf: '' }));
    const pdf = await makePdf(numberedPages(3, ['Earn 5% cash back on groceries']));
    expect((await upload(id, 'offer.pdf', pdf)).statusCode).toBe(200);
    const d = await processed(id);
    expect(d.processing).toMatchObject({ status: 'done', pages: 3, pages_done: 3 });
    expect(d.pdf_text).toContain('Offer page 2 of 3');
    expect(d.pdf_text).toContain('Earn 5% cash back on groceries');
    expect(d.pdf_text_withheld).toBe(false);
    const list = await images(id);
    expect(list.payload.map((i) => [i.img_document_sort, i.img_document_default])).toEqual([[1, 1], [2, 0], [3, 0]]);
    const page = await kit.app.inject({ method: 'GET', url: list.payload[0].downlaod_url, headers: kit.as.analyst });
    expect(page.headers['content-type']).toBe('image/jpeg');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(page.rawPayload).metadata();
    expect(meta.width).toBe(1000);
    expect(meta.height).toBe(Math.round((1000 * 792) / 612));
    const thumb = await sharp((await kit.app.inject({ method: 'GET', url: list.payload[0].thumb_url, headers: kit.as.analyst })).rawPayload).metadata();
    expect(thumb.width).toBe(180);
    const doc = (await kit.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: kit.as.analyst })).json<{ payload: Record<string, unknown> }>().payload;
    expect(doc.pdf_content).toBe(d.pdf_text);
    expect(doc.banner_product_path).toBe(`/api/product-images/${list.payload[0].id}`);
    // An editor's save with an older copy of the document does not undo the extracted text.
    expect((await kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.editor, payload: { ...approvableProduct(), product_id: id, pdf_content: '' } })).statusCode).toBe(200);
    expect((await kit.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: kit.as.analyst })).json<{ payload: Record<string, unknown> }>().payload.pdf_content).toBe(d.pdf_text);
    const acts = await kit.db.query("select 1 from activity where entity = 'product' and entity_id = $1 and action = 'pdf_processed'", [String(id)]);
    expect(acts.rows).toHaveLength(1);
  });

  it('sets the default preview, rotates the stored image 90°, and resamples', async () => {
    const id = await createProduct(kit, approvableProduct({ product_pdf: '' }));
    await upload(id, 'offer.pdf', await makePdf(numberedPages(2)));
    await processed(id);
    const set = await kit.app.inject({ method: 'POST', url: '/api/view-images/default', headers: kit.as.editor, payload: { product_id: id, document_sort: 2 } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await images(id)).payload.map((i) => i.img_document_default)).toEqual([0, 1]);
    const before = (await images(id)).payload[1];
    const rot = await kit.app.inject({ method: 'POST', url: '/api/rotate-images', headers: kit.as.editor, payload: { product_id: id, document_sort: 2 } });
    expect(rot.statusCode, rot.body).toBe(200);
    const after = (await images(id)).payload[1];
    expect([after.width, after.height, after.rotation]).toEqual([before.height, before.width, 90]);
    const bytes = (await kit.app.inject({ method: 'GET', url: after.downlaod_url, headers: kit.as.analyst })).rawPayload;
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([before.height, before.width]);
    // The analyst may look but not change.
    expect((await kit.app.inject({ method: 'POST', url: '/api/rotate-images', headers: kit.as.analyst, payload: { product_id: id, document_sort: 2 } })).statusCode).toBe(403);
    expect((await kit.app.inject({ method: 'POST', url: '/api/rotate-images', headers: kit.as.editor, payload: { product_id: id, document_sort: 9 } })).json()).toMatchObject({ message: 'some error occured' });
    const re = await kit.app.inject({ method: 'POST', url: `/api/resample/${id}`, headers: kit.as.editor });
    expect(re.statusCode, re.body).toBe(200);
    await processed(id);
    // What still applies is kept (issue 27 item 9): page 2 stays the default, turned 90°, its image turned again.
    const again = (await images(id)).payload;
    expect(again.map((i) => [i.img_document_sort, i.img_document_default, i.rotation])).toEqual([[1, 0, 0], [2, 1, 90]]);
    expect([again[1].width, again[1].height]).toEqual([before.height, before.width]);
    const banner = (await kit.db.query<{ document: Record<string, unknown> }>('select document from products where product_id = $1', [id])).rows[0].document.banner_product_path;
    expect(banner).toBe(`/api/product-images/${again[1].id}`);
  });

  it("keeps 50,000 characters of a longer text with 'Pdf content character length exceed the limit: 50000 . please click to View Content', and withholds a text over the word limit", async () => {
    const tooLong = 'Pdf content character length exceed the limit: 50000 . please click to View Content';
    // 4 pages of 150 lines of 11 eight-letter words in 4 pt type (each page is a render): about 58,800 characters, 6,600 words.
    const line = (p: number, l: number) => Array.from({ length: 11 }, (_, w) => `w${String(p).padStart(2, '0')}${String(l).padStart(3, '0')}${String(w).padStart(2, '0')}`).join(' ');
    const long = Array.from({ length: 4 }, (_, p) => Array.from({ length: 150 }, (_, l) => line(p, l)));
    const id = await createProduct(kit, approvableProduct({ product_pdf: '' }));
    expect((await upload(id, 'long.pdf', await makePdf(long, { size: 4, lineHeight: 4.5 }))).statusCode).toBe(200);
    const d = await processed(id);
    expect(d.pdf_characters).toBeGreaterThan(50000);
    expect(d.pdf_words).toBeLessThan(d.word_limit);
    expect(d.pdf_content_message).toBe(tooLong);
    expect(d.pdf_text_withheld).toBe(false);
    // The viewer gets the whole text; the document keeps the first 50,000 characters.
    expect(d.pdf_text).toContain(line(3, 149));
    const doc = (await kit.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: kit.as.analyst })).json<{ payload: Record<string, unknown> }>().payload;
    expect(doc.pdf_content).toBe(d.pdf_text!.slice(0, 50000));
    // The server refuses a pdf_content over the limit with the rule's message.
    const refused = await kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.editor, payload: { ...approvableProduct(), pdf_content: d.pdf_text } });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(tooLong);

    // 5 pages of 140 lines of 33 two-letter words in 4 pt type: 23,100 words, over the configured 20,000.
    const many = Array.from({ length: 5 }, () => Array.from({ length: 140 }, () => Array(33).fill('ab').join(' ')));
    const id2 = await createProduct(kit, approvableProduct({ product_pdf: '' }));
    expect((await upload(id2, 'many.pdf', await makePdf(many, { size: 4, lineHeight: 4.5 }))).statusCode).toBe(200);
    const m = await processed(id2);
    expect(m.word_limit).toBe(20000);
    expect(m.pdf_words).toBe(23100);
    expect(m.pdf_text_withheld).toBe(true);
    expect(m.pdf_text).toBeNull();
    expect(m.pdf_content_message).toBe(tooLong);
  }, 180_000);

  it("offers a company's product page images for the Product Image, and its newest file for the PDF icon", async () => {
    const company = { companyID: 4242, companyName: 'Window Test Bank', isWorksiteVoluntary: 0, isMilitaryCo: 0, isInsuranceExchange: 0, co_states: [], associatedProductName: '' };
    const withPdf = await createProduct(kit, approvableProduct({ product_pdf: '', companies: [company] }));
    await upload(withPdf, 'offer.pdf', await makePdf(numberedPages(2)));
    await processed(withPdf);
    await kit.app.inject({ method: 'POST', url: '/api/view-images/default', headers: kit.as.editor, payload: { product_id: withPdf, document_sort: 2 } });
    const other = await createProduct(kit, approvableProduct({ product_pdf: '', companies: [company] }));
    const res = await kit.app.inject({ method: 'GET', url: `/api/company-media/4242?exclude=${other}`, headers: kit.as.analyst });
    expect(res.statusCode, res.body).toBe(200);
    const page2 = (await images(withPdf)).payload[1];
    expect(res.json<CompanyMediaResponse>().payload).toMatchObject({
      companyID: 4242,
      pdf_product_id: withPdf,
      pdf_url: `/api/download/${withPdf}`,
      html_url: null,
      images: [{ url: `/api/product-images/${page2.id}`, product_id: withPdf, page: 2 }],
    });
    // The product itself is left out; a company no product names has nothing to offer.
    expect((await kit.app.inject({ method: 'GET', url: `/api/company-media/4242?exclude=${withPdf}`, headers: kit.as.analyst })).json<CompanyMediaResponse>().payload).toMatchObject({ pdf_url: null, images: [] });
    expect((await kit.app.inject({ method: 'GET', url: '/api/temppdf/987654321', headers: kit.as.analyst })).statusCode).toBe(404);
  });

  it("opens a product's email windows (processed HTML, temp PDF, render PDF) for an editor without the dashboards, with the panelist-type and sector checks", async () => {
    const { db } = kit;
    // Emails: one without a panelist type, one consumer, one producer; and one no product was catalogued from.
    const email = async (tag: string, type: string | null) =>
      Number(
        (
          await db.query<{ muid: string }>(
            `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, panelist_type, index_name, html_body)
             values ($1, md5($1), 10, $2, 'offers@bank.example', now(), 0, $3, 'emails_2024', $4) returning muid::text as muid`,
            [`<${tag}@windows>`, `Window email ${tag}`, type, `<p>Spring offer ${tag}</p><script>alert(1)</script>`],
          )
        ).rows[0].muid,
      );
    const plain = await email('plain', null);
    const consumer = await email('consumer', 'consumer');
    const producer = await email('producer', 'producer');
    const orphan = await email('orphan', null);
    const cards = await createProduct(kit, approvableProduct({ sectors: [creditCardChain], product_headline: 'A card offer from an email' }));
    for (const [muid, doc] of [[plain, {}], [consumer, {}], [producer, {}]] as const) {
      const id = await createProduct(kit, approvableProduct({ ...doc, product_headline: `From email ${muid}` }));
      await db.query('update products set muid = $2 where product_id = $1', [id, muid]);
    }
    const cardEmail = await email('card', null);
    await db.query('update products set muid = $2 where product_id = $1', [cards, cardEmail]);
    // An editor with one panelist type (consumer) and no dashboard.
    const role = await createRole(db, { role_name: 'editor-consumer', all_sectors: true });
    await grant(db, role, 'product', ['view', 'edit']);
    await grant(db, role, 'consumer', ['view']);
    await createUser(db, { username: 'editorconsumer', password: 'editor-consumer-password', role_id: role });
    const as = { ...kit.as, consumerEditor: bearer((await signInAs(kit.app, 'editorconsumer', 'editor-consumer-password')).accessToken) };
    // The demo editor role has the product module only.
    const editorDashboardGrants = (await db.query<{ n: number }>(`select count(*)::int as n from auth_role_permissions p join auth_users u using (role_id) where u.username = 'editor1' and p.module = 'dashboard'`)).rows[0].n;
    expect(editorDashboardGrants).toBe(0);

    const get = (url: string, who: keyof typeof as) => kit.app.inject({ method: 'GET', url, headers: as[who] });
    const html = await get(`/api/processedhtml/${plain}`, 'editor');
    expect(html.statusCode, html.body).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(String(html.headers['content-security-policy'])).toMatch(/(^|; )sandbox(;|$)/);
    expect(html.body).toContain('Spring offer plain');
    expect(html.body).not.toContain('<script>');
    // The same email through the dashboards' route is still the dashboards' (403 for the editor).
    expect((await get(`/api/emails/processed-html/${plain}/original`, 'editor')).statusCode).toBe(403);

    const outcome: Record<string, number> = {};
    const expected: Record<string, number> = {};
    const cases: Array<[string, number, keyof typeof as, number]> = [
      ['editor plain', plain, 'editor', 200],
      // The panelist-type object check still applies: the demo editor sees no panelist type.
      ['editor consumer', consumer, 'editor', 403],
      ['editor producer', producer, 'editor', 403],
      ['consumer editor consumer', consumer, 'consumerEditor', 200],
      ['consumer editor producer', producer, 'consumerEditor', 403],
      // A product of a sector the role may not use does not open its email (banker: sector 87 only).
      ['banker card email', cardEmail, 'banker', 403],
      ['banker plain', plain, 'banker', 200],
      // No product was catalogued from it: not the product module's to open.
      ['editor orphan', orphan, 'editor', 404],
      // The dashboards' holders open any email, as on the dashboards.
      ['analyst orphan', orphan, 'analyst', 200],
    ];
    for (const [name, muid, who, want] of cases) {
      outcome[name] = (await get(`/api/processedhtml/${muid}`, who)).statusCode;
      expected[name] = want;
      // Temp PDF and Render PDF check the same before rendering (the refusals only: rendering needs Chromium).
      if (want !== 200) {
        outcome[`${name} temppdf`] = (await get(`/api/temppdf/${muid}`, who)).statusCode;
        outcome[`${name} renderpdf`] = (await get(`/api/renderpdf/${muid}`, who)).statusCode;
        expected[`${name} temppdf`] = want;
        expected[`${name} renderpdf`] = want;
      }
    }
    expect(outcome).toEqual(expected);
    expect((await get(`/api/processedhtml/${orphan}`, 'editor')).json()).toEqual({ error: 'Not Found', message: `No product was catalogued from email ${orphan}.` });
    expect((await get(`/api/processedhtml/${consumer}`, 'editor')).json()).toEqual({ error: 'Forbidden', message: 'You do not have permission' });
  });

  it("answers 'PDF file does not exist for this product.' without a file", async () => {
    const id = await createProduct(kit, approvableProduct({ product_pdf: '' }));
    expect((await kit.app.inject({ method: 'GET', url: `/api/view-images?product_id=${id}`, headers: kit.as.analyst })).json()).toEqual({ error: 'Not Found', message: 'PDF file does not exist for this product.' });
  });
});
