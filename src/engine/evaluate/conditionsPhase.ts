import { truthy } from '../logic/truthy';
import { getIn } from '../model/paths';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { fails, isDirty } from './ruleResults';

/**
 * Phase 3, conditions: the `when` of visible / readonly / label / required rules, and whether each
 * validate rule of this action fails. Item rules give one result per item. Nothing else runs logic
 * after this phase.
 */
export function runConditions(t: EngineTables, p: EvaluationPass): void {
  const { ctx, results, changed, ran, working, action } = p;
  for (const r of t.whenRules) {
    if (results[r.index] !== undefined && !isDirty(r, changed)) continue;
    ran.push(r.id);
    if (r.targetType === 'item') {
      const list = getIn(working, r.itemArray!);
      const out: boolean[] = [];
      if (Array.isArray(list)) for (const item of list) out.push(r.whenFn ? truthy(r.whenFn(item, ctx)) : true);
      results[r.index] = out;
    } else {
      results[r.index] = r.whenFn ? truthy(r.whenFn(working, ctx)) : true;
    }
  }
  for (const r of t.validateRules) {
    if (!action || !r.actions?.includes(action)) {
      results[r.index] = false;
      continue;
    }
    // Incremental runs only happen for the same action, so a kept result is for this action.
    if (results[r.index] !== undefined && !isDirty(r, changed)) continue;
    ran.push(r.id);
    if (r.targetType === 'item') {
      const list = getIn(working, r.itemArray!);
      const out: boolean[] = [];
      if (Array.isArray(list)) for (const item of list) out.push(fails(r, item, ctx));
      results[r.index] = out;
    } else {
      results[r.index] = fails(r, working, ctx);
    }
  }
}
