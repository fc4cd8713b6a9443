import { truthy } from '../logic/truthy';
import type { EvalContext } from '../logic/EvalContext';
import type { ConditionSlot, EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';

/**
 * Phase 3, conditions: the `when` of visible / readonly / label / required rules, and whether each
 * validate rule of this action fails. Item rules give one result per item. Nothing else runs logic
 * after this phase.
 */
export function runConditions(t: EngineTables, p: EvaluationPass): void {
  const { ctx, results, dirty, ran, working, masks } = p;
  const whens = t.whenSlots;
  for (let k = 0; k < whens.length; k++) {
    const s = whens[k];
    if (dirty !== null && dirty[s.index] === 0 && results[s.index] !== undefined) continue;
    ran.add(s.id);
    const when = s.when;
    if (s.readArray !== null) {
      const list = s.readArray(working);
      const last = s.lastItems;
      const n = Array.isArray(list) ? list.length : 0;
      // Compared with the slot's last answer as the items pass; a new list only where they differ
      // (results are never written once made, so one list may serve several evaluations).
      let out: boolean[] | null = last.length === n ? null : [];
      for (let i = 0; i < n; i++) {
        const v = when ? truthy(when((list as unknown[])[i], ctx)) : true;
        if (out !== null) out.push(v);
        else if (last[i] !== v) {
          out = last.slice(0, i);
          out.push(v);
        }
      }
      results[s.index] = out === null ? last : (s.lastItems = out);
    } else {
      results[s.index] = when ? truthy(when(working, ctx)) : true;
    }
  }
  const validates = t.validateSlots;
  for (let k = 0; k < validates.length; k++) {
    const s = validates[k];
    if (masks === null || masks.validates[k] === 0) {
      results[s.index] = false;
      continue;
    }
    // Incremental runs only happen for the same action, so a kept result is for this action.
    if (dirty !== null && dirty[s.index] === 0 && results[s.index] !== undefined) continue;
    ran.add(s.id);
    if (s.readArray !== null) {
      const list = s.readArray(working);
      const last = s.lastItems;
      const n = Array.isArray(list) ? list.length : 0;
      let out: boolean[] | null = last.length === n ? null : [];
      for (let i = 0; i < n; i++) {
        const v = fails(s, (list as unknown[])[i], ctx);
        if (out !== null) out.push(v);
        else if (last[i] !== v) {
          out = last.slice(0, i);
          out.push(v);
        }
      }
      results[s.index] = out === null ? last : (s.lastItems = out);
    } else {
      results[s.index] = fails(s, working, ctx);
    }
  }
}

/** A validate rule fails: its `when` holds and its `valid` does not. */
function fails(s: ConditionSlot, data: unknown, ctx: EvalContext): boolean {
  if (s.when && !truthy(s.when(data, ctx))) return false;
  return s.valid ? !truthy(s.valid(data, ctx)) : false;
}
