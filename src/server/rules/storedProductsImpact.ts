import { impactCounter, type ImpactCounter, type ImpactOptions, type ImpactReport, type MetadataChange, type ProductInput } from '../../engine/diff';
import type { MetadataModel } from '../../engine/model/MetadataModel';
import type { Metadata } from '../../engine/types';
import type { Queryable } from '../db/Db';
import { productBatches, productsById } from '../products/productBatches';

/** Products per keyset page of the partial documents (a few top-level keys each: small pages would cost round trips). */
const PAGE = 5000;

/** A page of partial documents, which of them are provably unaffected, and the whole documents of the others (asked for). */
interface Triaged {
  page: ProductInput[];
  unaffected: boolean[];
  whole: Promise<Map<string, unknown>>;
}

/**
 * The impact of a metadata change on every stored product, streamed from the database a batch at
 * a time (memory stays flat), with both versions compiled to generated code as the server runs them.
 * When the change set allows deciding a product unaffected from a few paths (impactCounter.reads),
 * only the top-level keys holding them are read for every product, and whole documents only for
 * the products that may be affected; the next page and those documents are asked for while the
 * previous page is counted. Products are counted in id order either way, so the report is the same.
 */
export async function storedProductsImpact(
  db: Queryable, from: Metadata | MetadataModel, to: Metadata | MetadataModel, changes: MetadataChange[], opts: ImpactOptions = {},
): Promise<ImpactReport> {
  const counter = impactCounter(from, to, changes, { codeGeneration: true, ...opts });
  if (!counter.reads) {
    for await (const batch of productBatches(db)) for (const p of batch) counter.add(p);
    return counter.report();
  }
  const keys = [...new Set(counter.reads.map((r) => r[0]))];
  let previous: Triaged | null = null;
  for await (const page of productBatches(db, PAGE, keys)) {
    const unaffected = page.map((p) => counter.unaffected(p.doc));
    const whole = productsById(db, page.filter((_, i) => !unaffected[i]).map((p) => p.id));
    // Not awaited until the previous page is counted: its failure is reported then.
    whole.catch(() => {});
    if (previous) count(counter, previous, await previous.whole);
    previous = { page, unaffected, whole };
  }
  if (previous) count(counter, previous, await previous.whole);
  return counter.report();
}

/** Counts a triaged page in id order; a product deleted since its page was read is left out. */
function count(counter: ImpactCounter, t: Triaged, whole: Map<string, unknown>): void {
  t.page.forEach((p, i) => {
    if (t.unaffected[i]) counter.addUnaffected(p);
    else if (whole.has(p.id)) counter.add({ id: p.id, doc: whole.get(p.id) });
  });
}
