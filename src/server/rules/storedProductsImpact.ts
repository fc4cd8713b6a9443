import { impactCounter, type ImpactOptions, type ImpactReport, type MetadataChange } from '../../engine/diff';
import type { MetadataModel } from '../../engine/model/MetadataModel';
import type { Metadata } from '../../engine/types';
import type { Queryable } from '../db/Db';
import { productBatches } from '../products/productBatches';

/**
 * The impact of a metadata change on every stored product, streamed from the database a batch at
 * a time (memory stays flat), with both versions compiled to generated code as the server runs them.
 */
export async function storedProductsImpact(
  db: Queryable, from: Metadata | MetadataModel, to: Metadata | MetadataModel, changes: MetadataChange[], opts: ImpactOptions = {},
): Promise<ImpactReport> {
  const counter = impactCounter(from, to, changes, { codeGeneration: true, ...opts });
  for await (const batch of productBatches(db)) for (const p of batch) counter.add(p);
  return counter.report();
}
