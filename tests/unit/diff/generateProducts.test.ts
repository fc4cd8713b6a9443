import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { actionsFor, generateProducts } from '../../../src/server/products/generateProducts';
import { NOW, projectProducts } from './projectProducts';

const { metadata, products } = projectProducts();

describe('generateProducts', () => {
  it('makes products that pass their own rules: save, and the action of their status', () => {
    // A fresh engine on today's date: what the server would run when the products are loaded.
    const engine = createEngine(metadata);
    for (const p of products) {
      for (const action of actionsFor(p.product_status, engine.model)) {
        const vm = engine.evaluate(p, { action });
        expect(vm.errors, `product ${String(p.product_id)} (${action})`).toEqual([]);
        expect(vm.derived, `product ${String(p.product_id)} is stored as the rules leave it`).toEqual({});
      }
    }
  });

  it('covers every sector, media channel and status', () => {
    const engine = createEngine(metadata);
    const codes = (t: string) => engine.model.codeTables.get(t)!.entries.map((e) => e.const).sort();
    const seen = (f: (p: Record<string, unknown>) => unknown) => [...new Set(products.map(f))].sort();
    expect(seen((p) => (p.sectors as Array<Array<{ id: number }>>)[0][0].id)).toEqual(codes('codes/sectors'));
    expect(seen((p) => p.media_channel)).toEqual(codes('codes/media_channel'));
    expect(seen((p) => p.product_status)).toEqual([-1, 0, 1, 10, 11, 2, 3, 4].sort());
    expect(products.filter((p) => p.product_status === 1).length).toBeGreaterThan(products.length / 3);
  });

  it('is repeatable per seed and differs between seeds', () => {
    const engine = createEngine(metadata, { now: () => NOW });
    const one = generateProducts({ count: 5, seed: 42, engine });
    expect(generateProducts({ count: 5, seed: 42, engine })).toEqual(one);
    expect(generateProducts({ count: 5, seed: 43, engine })).not.toEqual(one);
    expect(one.map((p) => p.product_id)).toEqual([100001, 100002, 100003, 100004, 100005]);
    expect(new Set(one.map((p) => p.entry_id)).size).toBe(5);
  });
});
