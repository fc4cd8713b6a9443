import { createEngine, type Engine } from '../../engine';
import { createRuleCoverage, type CoverageDocument, type CoverageReport } from '../../engine/coverage';
import type { Metadata } from '../../engine/types';

/** Stored products are checked as the portal checks them when editors save and approve. */
export const PRODUCT_ACTIONS = ['save', 'approve'] as const;

/** Rule coverage of one metadata version over rule cases and stored product documents. */
export function computeCoverage(metadata: Metadata, cases: readonly CoverageDocument[], products: readonly unknown[], today?: string): CoverageReport {
  const engines = new Map<string, Engine>();
  const engineFor = (now?: string) => {
    const key = now ?? today ?? '';
    let e = engines.get(key);
    if (!e) {
      e = createEngine(metadata, key ? { now: () => key, codeGeneration: true } : { codeGeneration: true });
      engines.set(key, e);
    }
    return e;
  };
  const coverage = createRuleCoverage(engineFor);
  for (const c of cases) coverage.add('cases', c);
  for (const document of products) coverage.add('products', { document, actions: PRODUCT_ACTIONS });
  return coverage.report();
}
