import { truthy } from '../logic/truthy';
import { deepEqual } from '../model/deepEqual';
import { getIn } from '../model/paths';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { isDirty } from './ruleResults';

const MAX_DERIVE_PASSES = 10;

/**
 * `setIn` that copies each container along the path once per evaluation: a container copied
 * earlier in this derive phase (`owned`) is written in place, so three derived values do not copy
 * the whole document three times. The input document is never written.
 */
function setInOwned(doc: unknown, segs: readonly string[], i: number, value: unknown, owned: Set<object>): unknown {
  if (i === segs.length) return value;
  const head = segs[i];
  let base = (doc !== null && typeof doc === 'object' ? doc : /^\d+$/.test(head) ? [] : {}) as Record<string, unknown>;
  if (!owned.has(base)) {
    base = Array.isArray(base) ? (base.slice() as unknown as Record<string, unknown>) : { ...base };
    owned.add(base);
  }
  base[head] = setInOwned(base[head], segs, i + 1, value, owned);
  return base;
}

/**
 * Phase 1, derived values: derive rules in file order until nothing changes (at most 10 passes),
 * each applied value seen by the rules after it. The document is copied only along changed paths.
 */
export function runDerive(t: EngineTables, p: EvaluationPass): void {
  const { ctx, changed, ran, derived } = p;
  let working = p.working;
  let owned: Set<object> | null = null;
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
      working = setInOwned(working, r.targetSegs, 0, v, (owned ??= new Set()));
      ctx.doc = working;
      ctx.rev = (ctx.rev ?? 0) + 1;
      derived[r.target] = v;
      changedThisPass = true;
      if (changed) changed.push(r.targetSegs);
    }
    if (!changedThisPass) break;
  }
  p.working = working;
}
