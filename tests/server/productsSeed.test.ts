import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainRoots } from '../../src/server/products/sectorAccess';
import { prepareDocument } from '../../src/server/products/prepareDocument';
import { productEngine } from '../../src/server/products/productEngine';
import { seedDemoProducts } from '../../src/server/products/seedDemoProducts';
import { actionOfStatus } from '../../src/server/products/statusActions';
import { metadataHash } from '../../src/server/metadataHash';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

// Issue 5 item 8: the first start loads demo products that pass their own rules.

describe('demo products', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
  });
  afterAll(async () => kit.close());

  it('are stored as a save through the API would store them, across sectors and statuses, once', async () => {
    const inserted = await seedDemoProducts(kit.db, () => undefined, 60);
    expect(inserted).toBe(60);
    const rows = (await kit.db.query<{ document: Record<string, unknown>; product_status: number; metadata_version: string; entry_id: string }>(
      'select document, product_status, metadata_version, entry_id from products order by product_id',
    )).rows;
    expect(rows).toHaveLength(60);
    const { engine } = productEngine();
    for (const r of rows) {
      expect(r.metadata_version).toBe(metadataHash());
      expect(r.entry_id).toMatch(/^\d{4}-\d{2}-\d{2}/);
      const action = actionOfStatus(r.product_status);
      const again = prepareDocument(engine, r.document, action ? ['save', action] : ['save']);
      expect(again.errors, `product ${String(r.document.product_id)}`).toEqual([]);
    }
    expect(new Set(rows.map((r) => r.product_status)).size).toBeGreaterThan(3);
    expect(new Set(rows.flatMap((r) => chainRoots(r.document))).size).toBeGreaterThan(5);
    expect(await kit.db.query("select 1 from activity where entity = 'product'").then((r) => r.rows.length)).toBe(60);
    // A second start loads nothing; products saved later get new ids.
    expect(await seedDemoProducts(kit.db, () => undefined, 60)).toBeNull();
    const max = Math.max(...rows.map((r) => Number(r.document.product_id)));
    expect(await createProduct(kit, approvableProduct())).toBeGreaterThan(max);
  });
});
