import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

// Two editors on one product (docs/decisions/two-editors-on-one-product.md) pressing Update at the same moment. On a
// server each save has a connection of its own; the product row's lock (findProduct forUpdate) orders them, so the
// later one sees the first one's change and is refused, instead of both checking before either wrote.
describe('two saves of one product at the same moment', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
  });
  afterAll(async () => kit.close());

  it('stores one of them and refuses the other as a lost update, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createProduct(kit, approvableProduct({ product_headline: `Side by side ${round}` }));
      const load = async (headers: Record<string, string>) => (await kit.app.inject({ method: 'GET', url: `/api/product/${id}`, headers })).json<{ payload: Record<string, unknown> }>().payload;
      const [mine, theirs] = await Promise.all([load(kit.as.editor), load(kit.as.admin)]);
      const [a, b] = await Promise.all([
        kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.editor, payload: { ...mine, product_headline: 'Editor headline' } }),
        kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.admin, payload: { ...theirs, product_headline: 'Admin headline' } }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
      const [saved, refused] = a.statusCode === 200 ? [a, b] : [b, a];
      expect(refused.json<{ code?: string }>().code).toBe('lost_update');
      const row = await kit.db.query<{ headline: string }>(`select document->>'product_headline' as headline from products where product_id = $1`, [id]);
      expect(row.rows[0]!.headline).toBe(saved === a ? 'Editor headline' : 'Admin headline');
    }
  });
});
