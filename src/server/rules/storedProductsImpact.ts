import { availableParallelism } from 'node:os';
import { impactCounter, type ImpactCounter, type ImpactOptions, type ImpactReport, type MetadataChange, type ProductAssessment, type ProductTally } from '../../engine/diff';
import type { MetadataModel } from '../../engine/model/MetadataModel';
import type { Metadata } from '../../engine/types';
import type { Queryable } from '../db/Db';
import { productBatches, productTextsById, type ProductScope } from '../products/productBatches';
import { ImpactPool } from './ImpactPool';

/** Products per keyset page of the partial documents (a few top-level keys each: small pages would cost round trips). */
const PAGE = 5000;

export interface StoredImpactOptions extends ImpactOptions {
  /**
   * Worker threads evaluating the products that may change, while this thread streams and checks
   * the rest; 0 evaluates here. Default: one fewer than the cores (at least one) once the table
   * holds more than a page, none for a smaller one (a worker costs compiling both versions again).
   */
  workers?: number;
  /** Told, when the run ends, each worker's largest heap in use (bytes, seen after each batch). */
  workerHeaps?: (peaks: number[]) => void;
  /** Products per page (default PAGE; tests make many small pages). */
  pageSize?: number;
  /** Only the products within it (e.g. the caller's sectors); default every product. */
  scope?: ProductScope;
}

/**
 * A page triaged: its product ids, the tallies of those provably unaffected (null for the others:
 * their assessments are asked for). The partial documents are not kept: a few pages wait here.
 */
interface Triaged {
  ids: string[];
  tallies: Array<ProductTally | null>;
  assessed: Promise<Map<string, ProductAssessment>>;
}

const defaultWorkers = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * The impact of a metadata change on every stored product, streamed from the database a batch at
 * a time (memory stays flat), with both versions compiled to generated code as the server runs them.
 * When the change set allows deciding a product unaffected from a few paths (impactCounter.reads),
 * only the top-level keys holding them are read for every product, and whole documents only for
 * the products that may be affected, evaluated in worker threads while this one reads and checks
 * the next pages (a few pages ahead at most). Products are counted in id order either way, so the
 * report is the same.
 */
export async function storedProductsImpact(
  db: Queryable, from: Metadata | MetadataModel, to: Metadata | MetadataModel, changes: MetadataChange[], opts: StoredImpactOptions = {},
): Promise<ImpactReport> {
  const { workers, workerHeaps, pageSize = PAGE, scope, ...impactOptions } = opts;
  // Today fixed here, so workers started around midnight evaluate the same day.
  const options = { codeGeneration: true, ...impactOptions, now: impactOptions.now ?? new Date().toISOString().slice(0, 10) };
  const counter = impactCounter(from, to, changes, options);
  if (!counter.reads) {
    for await (const batch of productBatches(db, undefined, undefined, scope)) for (const p of batch) counter.add(p);
    return counter.report();
  }
  const keys = [...new Set(counter.reads.map((r) => r[0]))];
  let pool: ImpactPool | null = null;
  const pending: Triaged[] = [];
  let first = true;
  try {
    for await (const page of productBatches(db, pageSize, keys, scope)) {
      const size = first ? (workers ?? (page.length === pageSize ? defaultWorkers() : 0)) : 0;
      first = false;
      if (size > 0) {
        const { clock: _clock, ...plain } = options;
        pool = new ImpactPool(size, { from, to, changes, options: plain });
      }
      const tallies = page.map((p) => counter.triage(p.doc));
      const ids = page.map((p) => p.id);
      const assessed = assessWhole(db, ids.filter((_, i) => !tallies[i]), pool, counter);
      // Not awaited until the pages before it are counted: its failure is reported then.
      assessed.catch(() => {});
      pending.push({ ids, tallies, assessed });
      // Without workers, the next page is read while this one is evaluated; with them, a few more.
      const ahead = pool ? 2 * pool.size + 1 : 1;
      while (pending.length > ahead) await countNext(counter, pending);
    }
    while (pending.length) await countNext(counter, pending);
  } finally {
    if (pool) {
      workerHeaps?.(pool.heapPeaks);
      await pool.close();
    }
  }
  return counter.report();
}

/**
 * The whole documents of these products, read as text and assessed by the pool's workers, or here
 * when there is no pool or its workers each have a batch waiting besides the one they run (this
 * thread's checking is lighter than their evaluating: it takes a share of theirs).
 */
async function assessWhole(db: Queryable, ids: string[], pool: ImpactPool | null, counter: ImpactCounter): Promise<Map<string, ProductAssessment>> {
  const rows = await productTextsById(db, ids);
  if (!rows.length) return new Map();
  const here = !pool || pool.outstanding >= 2 * pool.size;
  const results = here ? rows.map((r) => counter.assess(JSON.parse(r.text))) : await pool.assess(`[${rows.map((r) => r.text).join(',')}]`);
  return new Map(rows.map((r, i) => [r.id, results[i]]));
}

/** Counts the first triaged page in id order; a product deleted since its page was read is left out. */
async function countNext(counter: ImpactCounter, pending: Triaged[]): Promise<void> {
  const t = pending.shift()!;
  const assessed = await t.assessed;
  t.ids.forEach((id, i) => {
    const tally = t.tallies[i];
    if (tally) counter.recordUnaffected(id, tally);
    else {
      const x = assessed.get(id);
      if (x) counter.record(id, x);
    }
  });
}
