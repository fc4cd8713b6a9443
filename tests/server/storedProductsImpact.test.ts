import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeImpact, diffMetadata, type ProductInput } from '../../src/engine/diff';
import type { Metadata } from '../../src/engine/types';
import type { Db } from '../../src/server/db/Db';
import { loadMetadataFromDir } from '../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../src/server/paths';
import { productBatches } from '../../src/server/products/productBatches';
import { storedProductsImpact } from '../../src/server/rules/storedProductsImpact';
import { openTestDb } from './helpers/testDb';

// Issue 30 item 5: the impact of a rule change streamed from the products table a batch at a time
// equals the impact computed over the same products held in memory.
const NOW = '2024-06-30';
type Obj = Record<string, unknown>;

describe('impact over stored products, streamed from the database', () => {
  let db: Db;
  const before = loadMetadataFromDir(projectRoot);
  let after: Metadata;
  const products: ProductInput[] = readFileSync(join(projectRoot, 'tests/fixtures/rule-change/products.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => ({ id: String(i + 1), doc: JSON.parse(l) as Obj }));

  beforeAll(async () => {
    db = await openTestDb();
    // Five copies of the fixture products: several batches of 7 below.
    for (let copy = 0; copy < 5; copy++) {
      for (const p of products) await db.query('insert into products (document) values ($1)', [JSON.stringify(p.doc)]);
    }
    const files = structuredClone(before.files) as Record<string, Obj>;
    const visibility = files['rules/product/visibility.json'] as { rules: Obj[] };
    visibility.rules.find((r) => r.id === 'delivery.visible')!.when = { and: [{ '==': [{ var: 'media_channel' }, 'direct_mail'] }, { in: [{ var: 'audience' }, ['consumer', 'employee_business_owner']] }] };
    after = { files };
  });
  afterAll(async () => {
    await db?.close();
  });

  it('reads every product once, in id order, a batch at a time', async () => {
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of productBatches(db, 7)) {
      batches++;
      expect(batch.length).toBeLessThanOrEqual(7);
      seen.push(...batch.map((p) => p.id));
    }
    expect(seen.length).toBe(products.length * 5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => a - b));
    expect(batches).toBe(Math.ceil(seen.length / 7));
  });

  it('counts what computeImpact counts over the same products in memory', async () => {
    const changes = diffMetadata(before, after);
    expect(changes.length).toBeGreaterThan(0);
    const stored: ProductInput[] = [];
    for await (const batch of productBatches(db)) stored.push(...batch);
    const streamed = await storedProductsImpact(db, before, after, changes, { now: NOW });
    const inMemory = computeImpact(before, after, changes, stored, { now: NOW });
    expect({ ...streamed, seconds: 0 }).toEqual({ ...inMemory, seconds: 0 });
    expect(streamed.total.products).toBe(products.length * 5);
    expect(streamed.total.changed).toBeGreaterThan(0);
  });
});
