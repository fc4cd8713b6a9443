import { truthy } from '../logic/truthy';
import { deepEqual } from '../model/deepEqual';
import { getIn, setIn } from '../model/paths';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { isDirty } from './ruleResults';

const MAX_DERIVE_PASSES = 10;

/**
 * Phase 1, derived values: derive rules in file order until nothing changes (at most 10 passes),
 * each applied value seen by the rules after it. The document is copied only along changed paths.
 */
export function runDerive(t: EngineTables, p: EvaluationPass): void {
  const { ctx, changed, ran, derived } = p;
  let working = p.working;
  for (let pass = 0; pass < MAX_DERIVE_PASSES; pass++) {
    let changedThisPass = false;
    for (const r of t.deriveRules) {
      if (!isDirty(r, changed)) continue;
      ran.push(r.id);
      if (r.whenFn && !truthy(r.whenFn(working, ctx))) continue;
      let v = r.valueFn ? r.valueFn(working, ctx) : null;
      if (v === undefined) v = null;
      const cur = getIn(working, r.targetSegs);
      if ((cur === undefined && v === null) || deepEqual(cur, v)) continue;
      working = setIn(working, r.targetSegs, v);
      ctx.doc = working;
      derived[r.target] = v;
      changedThisPass = true;
      if (changed) changed.push(r.targetSegs);
    }
    if (!changedThisPass) break;
  }
  p.working = working;
}
