import { truthy } from '../logic/truthy';
import { getIn } from '../model/paths';
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
    ran.push(s.id);
    const when = s.when;
    if (s.itemArray) {
      const list = getIn(working, s.itemArray);
      const out: boolean[] = [];
      if (Array.isArray(list)) for (const item of list) out.push(when ? truthy(when(item, ctx)) : true);
      results[s.index] = out;
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
    ran.push(s.id);
    if (s.itemArray) {
      const list = getIn(working, s.itemArray);
      const out: boolean[] = [];
      if (Array.isArray(list)) for (const item of list) out.push(fails(s, item, ctx));
      results[s.index] = out;
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
