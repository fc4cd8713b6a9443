import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine';
import { computeImpact, diffMetadata, impactCounter, type ImpactReport, type ProductInput } from '../../src/engine/diff';
import type { Metadata } from '../../src/engine/types';
import type { Db } from '../../src/server/db/Db';
import { loadMetadataFromDir } from '../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../src/server/paths';
import { generateProducts } from '../../src/server/products/generateProducts';
import { productBatches } from '../../src/server/products/productBatches';
import { storedProductsImpact } from '../../src/server/rules/storedProductsImpact';
import { applyRuleChangeFixture } from './helpers/ruleChangeFixture';
import { openTestDb } from './helpers/testDb';

// Issue 30 item 5: the impact of a rule change streamed from the products table a batch at a time
// equals the impact computed over the same products held in memory; read as partial documents
// (whole ones only where a product may change), it equals evaluating every product in full.
const NOW = '2024-06-30';
type Obj = Record<string, unknown>;
/** A report without what says how it was computed (time, products evaluated). */
const counted = (r: ImpactReport) => ({ ...r, seconds: 0, evaluated: 0, evaluatedBoth: 0 });

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
    // And generated products across sectors, channels and audiences.
    const generated = generateProducts({ count: 120, seed: 30, engine: createEngine(before, { now: () => NOW }) });
    await db.query('insert into products (document) select d from jsonb_array_elements($1::jsonb) as d', [JSON.stringify(generated)]);
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
    expect(seen.length).toBe(products.length * 5 + 120);
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
    expect(streamed.total.products).toBe(products.length * 5 + 120);
    expect(streamed.total.changed).toBeGreaterThan(0);
  });

  it('reads only the top-level keys asked for, absent keys staying absent', async () => {
    const whole = new Map<string, Obj>();
    for await (const batch of productBatches(db)) for (const p of batch) whole.set(p.id, p.doc as Obj);
    const keys = ['audience', 'sectors', 'no_such_key'];
    let read = 0;
    for await (const batch of productBatches(db, 50, keys)) {
      for (const p of batch) {
        const doc = whole.get(p.id)!;
        expect(p.doc).toEqual(Object.fromEntries(keys.filter((k) => k in doc).map((k) => [k, doc[k]])));
        read++;
      }
    }
    expect(read).toBe(whole.size);
  });

  it('from partial documents (whole ones only where a product may change) counts what evaluating every product in full counts', async () => {
    // The fixture change: a gate widened, a message reworded, a code retitled, a field added.
    const changed = applyRuleChangeFixture(before);
    const changes = diffMetadata(before, changed);
    expect(changes.map((c) => c.subject).sort()).toEqual(['code', 'field', 'message', 'rule']);
    const reads = impactCounter(before, changed, changes, { now: NOW }).reads;
    // The fast path is taken: a few top-level keys decide which products may change.
    expect(reads).not.toBeNull();
    expect(new Set(reads!.map((r) => r[0])).size).toBeLessThan(10);
    const stored: ProductInput[] = [];
    for await (const batch of productBatches(db)) stored.push(...batch);
    const streamed = await storedProductsImpact(db, before, changed, changes, { now: NOW });
    const exhaustive = computeImpact(before, changed, changes, stored, { now: NOW, exhaustive: true, codeGeneration: true });
    expect(counted(streamed)).toEqual(counted(exhaustive));
    // The same with the products that may change evaluated in a worker thread, pages of 7 counted in
    // order while later ones are read and checked (examples and lost lists are the first by id).
    let heaps: number[] = [];
    const pooled = await storedProductsImpact(db, before, changed, changes, { now: NOW, workers: 1, pageSize: 7, workerHeaps: (h) => (heaps = h) });
    expect(counted(pooled)).toEqual(counted(exhaustive));
    expect(pooled.evaluated).toBe(streamed.evaluated);
    expect(heaps).toHaveLength(1);
    expect(heaps[0]).toBeGreaterThan(0);
    // Both kinds were met: products decided from the partial document and products evaluated whole.
    expect(streamed.evaluated).toBeGreaterThan(0);
    expect(streamed.evaluated).toBeLessThan(stored.length);
    expect(streamed.total.changed).toBeGreaterThan(0);
    // The measures read on partial documents: a retitled code held, a new field shown.
    expect(streamed.byChange.find((c) => c.subject === 'code')!.products).toBeGreaterThan(0);
    expect(streamed.byChange.find((c) => c.subject === 'field')!.products).toBeGreaterThan(0);
  });
});
