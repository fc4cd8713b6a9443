import { isMissingValue } from './isMissingValue';
import type { BlockState, RuleError } from '../types';
import type { Check, EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { fillMessage } from './fillMessage';
import { labelFrom } from './ruleResults';

/**
 * Item fields' states before their errors are known, per item group (as `itemGroups`) and item
 * index: arrays the view model phase refills each evaluation, so no state object or path lookup is
 * made per item. `count[g]` is how many items group g has now (0 when its list is not an array).
 */
export interface ItemStates {
  count: number[];
  visible: boolean[][];
  label: string[][];
}

export interface CollectedErrors {
  errors: RuleError[];
  warnings: RuleError[];
  /** Errors by field path (warnings are not a field's errors); null when there is none. */
  byField: Map<string, RuleError[]> | null;
}

/**
 * The errors of an action, in rule file order: required targets that are empty and validate rules
 * that fail, where the target is shown (or kept while hidden). Warning rules go to `warnings`.
 */
export function collectErrors(
  t: EngineTables,
  p: EvaluationPass,
  visibility: { blockVisible: Uint8Array; fieldVisible: Uint8Array; blockStates: Record<string, BlockState>; itemStates: ItemStates },
): CollectedErrors {
  const { results, working, action } = p;
  const { blocks, fields, fieldRules } = t;
  const { blockVisible, fieldVisible, blockStates, itemStates } = visibility;
  const out: CollectedErrors = { errors: [], warnings: [], byField: null };
  if (!action) return out;
  const applies = p.masks!.checks;
  const checks = t.checks;
  for (let k = 0; k < checks.length; k++) {
    if (applies[k] === 0) continue;
    const c = checks[k];
    const r = c.rule;
    if (r.targetType === 'item') {
      const res = results[r.index] as boolean[];
      if (!res.includes(true)) continue;
      const list = c.readTarget(working) as unknown[];
      for (let i = 0; i < res.length; i++) {
        if (!res[i]) continue;
        const path = (c.itemPaths[i] ??= [...r.itemArray!, String(i), ...r.itemField!].join('.'));
        const g = c.group >= 0 && i < itemStates.count[c.group] ? c.group : -1;
        if (g >= 0 && !itemStates.visible[g][i] && t.itemGroups[g].hidden !== 'keep') continue;
        if (r.kind === 'required' && !isMissingValue(c.readItemField!(list[i]))) continue;
        emit(out, t, p, c, i, path, g >= 0 ? itemStates.label[g][i] : r.target, list[i]);
      }
      continue;
    }
    if (results[r.index] !== true) continue;
    if (c.block >= 0 && !blockVisible[c.block] && blocks[c.block].hidden !== 'keep') continue;
    if (c.field >= 0 && !fieldVisible[c.field] && fields[c.field].hidden !== 'keep') continue;
    if (r.kind === 'required' && !isMissingValue(c.readTarget(working))) continue;
    const f = c.field >= 0 && fields[c.field].path === r.target ? c.field : -1;
    const label = f >= 0 ? labelFrom(results, fieldRules[f]?.label ?? [], -1, fields[f].title) : c.block >= 0 ? blockStates[r.target].label : r.target;
    emit(out, t, p, c, 0, r.target, label);
  }
  return out;
}

/** Adds a check's error (the last one again when equal) to the errors or warnings. A function of its own, not a closure made per evaluation. */
function emit(out: CollectedErrors, t: EngineTables, p: EvaluationPass, c: Check, slot: number, path: string, label: string, item?: unknown): void {
  const r = c.rule;
  const message = fillMessage(r.message ?? label, p.working, { now: p.ctx.now, action: p.action, item, format: t.messageFormatOf(r.index) });
  const last = c.lastErrors[slot];
  const e: RuleError = last && last.field === path && last.message === message ? last : (c.lastErrors[slot] = { rule: r.id, field: path, message });
  if (r.severity === 'warning') {
    out.warnings.push(e);
    return;
  }
  out.errors.push(e);
  out.byField ??= new Map();
  const list = out.byField.get(path);
  if (list) list.push(e);
  else out.byField.set(path, [e]);
}
