import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productEngine } from '../../src/server/products/productEngine';
import { sectionLoaders } from '../../src/server/products/sectionLoaders';
import { seedDemoProducts } from '../../src/server/products/seedDemoProducts';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

// Issue 13: the per-section loaders of 002 §7, generated from `x-loader` annotations, answer for
// demo products; and a new product's file uploaded before its first save (001 §5).
const fixture = JSON.parse(readFileSync(new URL('../e2e/fixtures/creditCardDeliveryProduct.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const spec002 = [
  'audience', 'sector', 'productImage', 'offerOrigin', 'ancillaryProduct', 'productAge', 'productIncome', 'productTargetMarket', 'productStateProvince',
  'responseMechanism', 'businessContent', 'communicationType', 'campaignLanguage', 'mailingType', 'mortgageLoan', 'travel', 'retail', 'telecom',
  'productBanking', 'socialMedia', 'socialMediaAdtype', 'publication', 'paymentCard', 'creditAccessCheck', 'energy', 'promotions', 'advertiser',
  'productIncentive', 'deliveryMethod', 'deliveryType', 'postage', 'preSorted', 'packageType', 'groupSize', 'riders', 'issueType', 'faceAmount',
  'termLength', 'electronicType', 'productInfo',
];
const boundary = '----portal-loader-boundary';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const multipart = (fields: Record<string, string>) =>
  Buffer.concat([
    Buffer.from(
      Object.entries(fields).map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
        `--${boundary}\r\ncontent-disposition: form-data; name="product_media"; filename="offer.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

describe('per-section loaders (002 §7) and upload before the first save', () => {
  let kit: ProductsKit;
  let demo: Array<{ id: number; doc: Record<string, unknown> }>;
  let delivery: number;
  const get = (path: string) => kit.app.inject({ method: 'GET', url: path, headers: kit.as.admin });
  beforeAll(async () => {
    kit = await productsKit();
    await seedDemoProducts(kit.db, () => undefined, 12);
    demo = (await kit.db.query<{ product_id: string; document: Record<string, unknown> }>('select product_id::text, document from products order by product_id')).rows.map((r) => ({ id: Number(r.product_id), doc: r.document }));
    delivery = await createProduct(kit, fixture, kit.as.admin);
  }, 300_000);
  afterAll(async () => kit?.close());

  it('declares every loader path 002 §7 names (besides lastWorkedUser and spacyOrigin)', () => {
    const names = [...sectionLoaders(productEngine().engine).keys()];
    expect(names.sort()).toEqual([...spec002].sort());
  });

  it('answers each loader path for a demo product with its declared shape', async () => {
    const { engine } = productEngine();
    for (const { id, doc } of demo.slice(0, 5)) {
      for (const [name, loader] of sectionLoaders(engine)) {
        const res = await get(`/api/${name}/${id}`);
        expect(res.statusCode, `${name}/${id}: ${res.body}`).toBe(200);
        const body = res.json<{ statusCode: number; payload: unknown }>();
        expect(body.statusCode).toBe(200);
        if (loader.each || loader.list) expect(Array.isArray(body.payload), name).toBe(true);
      }
      const one = async (name: string) => (await get(`/api/${name}/${id}`)).json<{ payload: unknown }>().payload;
      expect(await one('audience')).toEqual([{ mPanelID: doc.audience ?? null }]);
      expect(await one('sector')).toEqual(doc.sectors ?? null);
      expect(await one('productAge')).toEqual(((doc.product_age as unknown[]) ?? []).map((ageId) => ({ ageId })));
      expect(await one('productStateProvince')).toEqual(((doc.state_province as unknown[]) ?? []).map((stateID) => ({ stateID })));
      expect(await one('mailingType')).toEqual({ mtypeId: doc.mailing_type ?? null });
      expect(await one('productInfo')).toEqual({ observed_traffic_source: doc.observed_traffic_source ?? null, product_comment: doc.product_comment ?? null });
    }
  });

  it('answers block loaders with the block fields, and runs the delivery detail loaders only for methods 1, 3 and 7', async () => {
    const one = async (name: string, id: number) => (await get(`/api/${name}/${id}`)).json<{ payload: unknown }>().payload;
    const d = fixture.delivery as Record<string, unknown>;
    expect(await one('deliveryMethod', delivery)).toEqual([{ delivery_method_id: d.delivery_method }]);
    expect([1, 3, 7]).toContain(d.delivery_method);
    expect(await one('deliveryType', delivery)).toEqual([{ delivery_type_id: d.delivery_type }]);
    expect(await one('postage', delivery)).toEqual([{ postage_id: d.postage }]);
    const card = (await one('creditAccessCheck', delivery)) as Record<string, unknown>;
    expect(card.balance_transfer_introductory_apr_tier1).toEqual((fixture.credit_card as Record<string, unknown>).balance_transfer_introductory_apr_tier1);
    const other = await createProduct(kit, { ...fixture, delivery: { delivery_method: 2 } }, kit.as.admin);
    expect(await one('deliveryMethod', other)).toEqual([{ delivery_method_id: 2 }]);
    expect(await one('deliveryType', other)).toEqual([]);
    expect(await one('packageType', other)).toEqual([]);
  });

  it('refuses an id that is not a number (400), an unknown product (404) and an unknown loader (404)', async () => {
    expect((await get('/api/audience/abc')).statusCode).toBe(400);
    expect((await get('/api/audience/987654321')).statusCode).toBe(404);
    expect((await get(`/api/noSuchLoader/${demo[0]!.id}`)).statusCode).toBe(404);
    expect((await kit.app.inject({ method: 'GET', url: `/api/audience/${demo[0]!.id}` })).statusCode).toBe(401);
  });

  it('stages the file of a new product until its first save claims it; nobody else can claim it', async () => {
    const up = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.editor, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart({ media_channel: '14' }) });
    expect(up.statusCode, up.body).toBe(200);
    const staged = up.json<{ payload: { staged_upload: string; product_id: null } }>().payload;
    expect(staged.product_id).toBeNull();
    const stranger = await kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.admin, payload: approvableProduct({ product_pdf: '', staged_upload: staged.staged_upload }) });
    expect(stranger.statusCode).toBe(400);
    const id = await createProduct(kit, approvableProduct({ product_pdf: '', staged_upload: staged.staged_upload }));
    const doc = (await get(`/api/product/${id}`)).json<{ payload: Record<string, unknown> }>().payload;
    expect(doc).toMatchObject({ product_pdf: `/api/download/${id}`, file_name: 'offer.pdf', document_size_byte: pdf.length });
    expect(doc.staged_upload).toBeUndefined();
    const file = await get(`/api/download/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Claimed once: a second save with the same token is refused and stores nothing.
    const again = await kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.editor, payload: approvableProduct({ product_pdf: '', staged_upload: staged.staged_upload }) });
    expect(again.statusCode).toBe(400);
  });
});
