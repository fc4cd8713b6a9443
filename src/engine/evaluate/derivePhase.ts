import { truthy } from '../logic/truthy';
import { deepEqual } from '../model/deepEqual';
import { getIn, pathsOverlap, setInOwned } from '../model/paths';
import type { CompiledRule } from '../types';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { isDirty } from './ruleResults';

const MAX_DERIVE_PASSES = 10;

/** A write since `from` touches what the rule reads (its deps) or the target it compares against. */
function touched(r: CompiledRule, writes: readonly string[][], from: number): boolean {
  const deps = r.deps!;
  for (let w = from; w < writes.length; w++) {
    const path = writes[w];
    if (pathsOverlap(path, r.targetSegs)) return true;
    for (let k = 0; k < deps.length; k++) if (pathsOverlap(deps[k], path)) return true;
  }
  return false;
}

/**
 * Phase 1, derived values: derive rules in file order until nothing changes (at most 10 passes),
 * each applied value seen by the rules after it. The document is copied only along changed paths.
 * After the first pass a rule runs again only when a value written since its last run touches what
 * it reads or its target (or it reads anything): with the same inputs it would answer the same, so
 * the result is that of running every rule every pass.
 */
export function runDerive(t: EngineTables, p: EvaluationPass): void {
  const { ctx, changed, ran, derived } = p;
  const rules = t.deriveRules;
  let working = p.working;
  let owned: Set<object> | null = null;
  // Paths written in this phase, in order; per rule, how many had been written when it last ran (-1: not yet).
  const writes: string[][] = [];
  const seen = new Array<number>(rules.length).fill(-1);
  for (let pass = 0; pass < MAX_DERIVE_PASSES; pass++) {
    let changedThisPass = false;
    for (let k = 0; k < rules.length; k++) {
      const r = rules[k];
      if (pass === 0 || seen[k] < 0 ? !isDirty(r, changed) : r.deps !== null && !touched(r, writes, seen[k])) continue;
      ran.push(r.id);
      seen[k] = writes.length;
      if (r.whenFn && !truthy(r.whenFn(working, ctx))) continue;
      let v = r.valueFn ? r.valueFn(working, ctx) : null;
      if (v === undefined) v = null;
      const cur = getIn(working, r.targetSegs);
      if ((cur === undefined && v === null) || deepEqual(cur, v)) continue;
      working = setInOwned(working, r.targetSegs, 0, v, (owned ??= new Set()));
      ctx.doc = working;
      ctx.rev = (ctx.rev ?? 0) + 1;
      derived[r.target] = v;
      changedThisPass = true;
      writes.push(r.targetSegs);
      // Its own write counts only when the rule reads its target (a self-reading clean-up).
      if (r.deps === null || !r.deps.some((d) => pathsOverlap(d, r.targetSegs))) seen[k] = writes.length;
      if (changed) changed.push(r.targetSegs);
    }
    if (!changedThisPass) break;
  }
  p.working = working;
}
