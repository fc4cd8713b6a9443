import { pathsOverlap } from '../model/paths';
import type { CompiledRule } from '../types';

/**
 * Per derive rule (by position in `deriveRules`): which derive rules' writes touch what it reads
 * (its deps) or the target it compares against, and whether its own write does. Worked out once per
 * engine from the rules' paths, so a pass asks a table instead of comparing paths per write.
 */
export interface DeriveOverlaps {
  touchedBy: Uint8Array[];
  readsOwnTarget: boolean[];
}

export function deriveOverlaps(rules: readonly CompiledRule[]): DeriveOverlaps {
  // Within one evaluation `$prev` stays as it is: only the document reads (docDeps) can be touched.
  const touches = (r: CompiledRule, path: readonly string[]) => pathsOverlap(path, r.targetSegs) || (r.docDeps ?? []).some((d) => pathsOverlap(d, path));
  return {
    touchedBy: rules.map((r) => Uint8Array.from(rules, (w) => (touches(r, w.targetSegs) ? 1 : 0))),
    readsOwnTarget: rules.map((r) => r.docDeps !== null && r.docDeps.some((d) => pathsOverlap(d, r.targetSegs))),
  };
}
