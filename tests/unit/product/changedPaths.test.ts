import { beforeAll, describe, expect, it } from 'vitest';
import { changedPaths } from '../../../src/app/product/changedPaths';
import { createProductDocumentStore } from '../../../src/app/product/productDocumentStore';
import type { Doc } from '../../../src/ui/form/types';
import { createEngine, type Engine } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { generateProducts } from '../../../src/server/products/generateProducts';

describe('changedPaths', () => {
  it('walks objects whose reference changed; an array or a value is one path', () => {
    const shared = { a: 1 };
    const list = [1];
    const prev = { x: 1, keep: shared, list, promotion: { form: { type: 2 }, promotions: [] as unknown[] } };
    const next = { x: 2, keep: shared, list, promotion: { form: {}, promotions: [{ type: 2 }] }, added: 'y' };
    expect(changedPaths(prev, next)?.sort()).toEqual(['added', 'promotion.form.type', 'promotion.promotions', 'x']);
    expect(changedPaths(prev, prev)).toEqual([]);
  });

  it('gives up (null: evaluate everything) past 16 paths or without object roots', () => {
    const many = Object.fromEntries(Array.from({ length: 17 }, (_x, i) => [`f${i}`, i]));
    expect(changedPaths({}, many)).toBeNull();
    expect(changedPaths(null, {})).toBeNull();
  });
});

// A widget's several-path edit (a list and its emptied draft) is evaluated incrementally over the
// paths it changed: the result must be the full evaluation's, on generated products.
describe('the document store: an update is incremental and equals a full evaluation', () => {
  let engine: Engine;
  let products: Doc[];
  beforeAll(() => {
    engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-30' });
    products = generateProducts({ count: 12, seed: 27, engine }) as unknown as Doc[];
  }, 120_000);

  const edits: Array<[string, (d: Doc) => Doc]> = [
    ['save a promotion', (d) => {
      const promotion = (d.promotion ?? {}) as Record<string, unknown>;
      const list = Array.isArray(promotion.promotions) ? promotion.promotions : [];
      return { ...d, promotion: { ...promotion, form: {}, promotions: [...list, { promotion_type: 1, discount_value: '20%', promotion_company: promotion.promotion_company, product_type: promotion.product_type }] } };
    }],
    ['add a sector chain', (d) => ({ ...d, sectors: [...(Array.isArray(d.sectors) ? d.sectors : []), [{ id: 1, name: 'x', sequence: 1, sectorWorksiteVoluntary: 0 }]], sector_draft: {} })],
    ['channel and audience together', (d) => ({ ...d, media_channel: d.media_channel === 1 ? 2 : 1, audience: d.audience === 1 ? 2 : 1 })],
    ['remove every panelist', (d) => ({ ...d, panelists: [] })],
  ];

  it('for each widget edit on each product', () => {
    for (const product of products) {
      for (const [name, edit] of edits) {
        const store = createProductDocumentStore(engine, product);
        const before = store.getDoc();
        store.update(edit);
        const full = engine.evaluate(edit(before), { prev: before, action: null, keepHiddenValues: true });
        const vm = store.getViewModel();
        const label = `${name} on product ${String(product.product_id)}`;
        expect(vm.document, label).toEqual(full.document);
        expect(vm.visible, label).toEqual(full.visible);
        expect(vm.errors, label).toEqual(full.errors);
        expect(vm.blocks, label).toEqual(full.blocks);
        expect(vm.fields, label).toEqual(full.fields);
      }
    }
  });
});
