import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createEngine } from '../src/engine';
import { computeImpact, diffMetadata, type MetadataChange, type ProductInput } from '../src/engine/diff';
import type { Metadata } from '../src/engine/types';
import type { Db } from '../src/server/db/Db';
import { migrate } from '../src/server/db/migrate';
import { openPostgresDb } from '../src/server/db/postgresDb';
import { storedProductsImpact } from '../src/server/rules/storedProductsImpact';
import { applyRuleChangeFixture } from '../tests/server/helpers/ruleChangeFixture';
import { createTestDatabase } from '../tests/server/helpers/testDb';
import { loadMetadataFromDir } from '../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../src/server/paths';
import { generateProducts } from '../src/server/products/generateProducts';
import type { BenchRow } from './BenchRow';

const COUNT = 50_000;
const BUDGET_S = 2;
const NOW = '2024-06-30';
const SAMPLE = 5_000;
/** Stored products streamed from PostgreSQL: the 50,000 generated ones, ten times over. */
const STORED = 500_000;
const STORED_BUDGET_S = 20;
/** Memory is flat: the heaps (main thread's growth, worker threads' whole) never exceed this while the stored products stream through. */
const STORED_HEAP_BUDGET_MB = 256;
const defaultPg = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/**
 * The fixture rule change with the Delivery gate moved rather than only widened (audience 3 in, 5
 * out), so some generated products do change.
 */
const applyFixtureChange = (m: Metadata): Metadata =>
  applyRuleChangeFixture(m, { 'delivery.visible': { when: { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 3]] }] } } });

/**
 * Issue 7 / issue 30 item 5: impact of the fixture rule change over 50,000 generated products held
 * in memory, both versions (save and approve) compiled once to generated code as the server runs
 * them (budget 2 s); then over 500,000 stored products streamed from a fresh PostgreSQL database
 * (TEST_DATABASE_URL, default the local server) a batch at a time, with the heap's growth (budget
 * 20 s, flat memory).
 */
export async function benchImpact(): Promise<BenchRow[]> {
  const before = loadMetadataFromDir(projectRoot);
  const after = applyFixtureChange(before);
  const engine = createEngine(before, { now: () => NOW });
  let t = performance.now();
  const products = generateProducts({ count: COUNT, seed: 2024, engine }).map((doc) => ({ id: String(doc.product_id), doc }));
  const genSeconds = (performance.now() - t) / 1000;

  t = performance.now();
  const changes = diffMetadata(before, after);
  const report = computeImpact(before, after, changes, products, { now: NOW, clock: () => performance.now(), codeGeneration: true });
  const seconds = (performance.now() - t) / 1000;
  const detail = `${changes.length} changes; ${report.total.changed} products change; ${report.evaluated} evaluated (${report.evaluatedBoth} under both versions), the rest provably unaffected`;

  // For reference: every product evaluated under both versions (no shortcut), on a sample.
  t = performance.now();
  computeImpact(before, after, changes, products.slice(0, SAMPLE), { now: NOW, exhaustive: true, codeGeneration: true });
  const exhaustivePerSecond = SAMPLE / ((performance.now() - t) / 1000);
  const perProduct = JSON.stringify(products[0].doc).length;
  // benchStored stores the products, then empties the array for its memory figure.
  const stored = await benchStored(before, after, changes, products, perProduct);
  return [
    { figure: `impact of a rule change over ${COUNT.toLocaleString('en-US')} products, both versions`, value: seconds, unit: 's', budget: `< ${BUDGET_S}`, pass: seconds < BUDGET_S, detail },
    { figure: 'impact: products per second', value: COUNT / seconds, unit: 'products/s', budget: `>= ${COUNT / BUDGET_S}`, pass: COUNT / seconds >= COUNT / BUDGET_S },
    { figure: 'impact without shortcuts (every product, both versions): products per second', value: exhaustivePerSecond, unit: 'products/s', budget: 'n/a', pass: true, detail: `measured on ${SAMPLE} products` },
    { figure: 'demo product generator: products per second', value: COUNT / genSeconds, unit: 'products/s', budget: 'n/a', pass: true, detail: 'each product checked by the engine (save + its status action)' },
    ...stored,
  ];
}

/** The stored-products rows: 500,000 products in a fresh PostgreSQL database, streamed through the impact. */
async function benchStored(before: Metadata, after: Metadata, changes: MetadataChange[], products: ProductInput[], perProduct: number): Promise<BenchRow[]> {
  const figure = `impact of a rule change over ${STORED.toLocaleString('en-US')} stored products, streamed from PostgreSQL`;
  process.env.TEST_DATABASE_URL ??= defaultPg;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  try {
    database = await createTestDatabase();
  } catch (e) {
    return [{ figure, value: NaN, unit: 's', budget: `< ${STORED_BUDGET_S}`, pass: false, detail: `no PostgreSQL server: ${(e as Error).message}` }];
  }
  const db = await openPostgresDb(database.url);
  try {
    await migrate(db);
    await storeCopies(db, products, STORED / products.length);
    await db.exec('vacuum analyze products');
    // The 50,000 in-memory products are not part of the stored run: held, they kept ~0.5 GB live, and
    // V8 lets garbage grow in proportion to the live heap before a full collection, so the peak
    // measured that heap rather than the stream (retained after a collection: ~1 MB either way).
    products.length = 0;
    // Memory while streaming: the heap's growth over its size after a full collection (sampled every 20 ms).
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
    // The worker threads' heaps did not exist before the stream: each one's peak counts whole (the
    // versions it compiled included), as it reports after each batch.
    let workerPeaks: number[] = [];
    const t = performance.now();
    const report = await storedProductsImpact(db, before, after, changes, { now: NOW, clock: () => performance.now(), workerHeaps: (h) => (workerPeaks = h) });
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    const workersMb = workerPeaks.reduce((a, b) => a + b, 0) / 2 ** 20;
    const growthMb = (heapPeak - heapBefore) / 2 ** 20 + workersMb;
    return [
      {
        figure, value: seconds, unit: 's', budget: `< ${STORED_BUDGET_S}`, pass: seconds < STORED_BUDGET_S && report.total.products === STORED,
        detail: `${report.total.products} products read as the few top-level keys deciding them; ${report.total.changed} change; ${report.evaluated} read whole and evaluated (${workerPeaks.length} worker threads beside the main one)`,
      },
      {
        figure: 'impact over stored products: heap growth while streaming', value: growthMb, unit: 'MB', budget: `< ${STORED_HEAP_BUDGET_MB}`, pass: growthMb < STORED_HEAP_BUDGET_MB,
        detail: `main thread: peak heap ${(heapPeak / 2 ** 20).toFixed(0)} MB over ${(heapBefore / 2 ** 20).toFixed(0)} MB before; worker threads' peak heaps ${workersMb.toFixed(0)} MB in all (the products as JSON: ${(STORED * perProduct / 2 ** 30).toFixed(1)} GB)`,
      },
    ];
  } finally {
    await db.close();
    await database.drop();
  }
}

/** A full collection (V8's gc, exposed at run time), so the heap before the stream is what is live. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The products stored `times` over (new ids), 1,000 documents per statement, then copied inside the database. */
async function storeCopies(db: Db, products: ProductInput[], times: number): Promise<void> {
  for (let i = 0; i < products.length; i += 1000) {
    const docs = products.slice(i, i + 1000).map((p) => p.doc);
    await db.query('insert into products (document, product_status) select d, coalesce((d->>\'product_status\')::smallint, 0) from jsonb_array_elements($1::jsonb) as d', [JSON.stringify(docs)]);
  }
  for (let k = 1; k < times; k++) await db.query('insert into products (document, product_status) select document, product_status from products where product_id <= $1 order by product_id', [products.length]);
}
