import type { Engine } from '../evaluate/Engine';
import { truthy } from '../logic/truthy';
import { getIn } from '../model/paths';
import type { CompiledRule, RuleError, ViewModel } from '../types';
import { canonicalJson } from './canonicalJson';

export interface RuleOutcome {
  /** What the rule decided, as comparable text: two versions "change" a product when these differ. */
  key: string;
  /**
   * The rule does something to the product: hides it (visible), makes it read-only or relabels it,
   * reports an error (required, validate), sets a value (derive), drops an option (options).
   */
  fires: boolean;
}

/**
 * What one rule decided for a product: its condition per target (visible, readonly, label), its
 * errors (required, validate), its value (derive), the options it keeps. Read from the view models of
 * the review run (its save and approval errors), with the rule's own compiled logic for the rest.
 */
export function ruleOutcome(engine: Engine, rule: CompiledRule, vm: ViewModel, saveErrors: RuleError[], approveErrors: RuleError[]): RuleOutcome {
  const inputs = engine.inputsOf(vm);
  if (!inputs) return { key: '', fires: false };
  const { data, ctx } = inputs;
  const overItems = <T>(fn: (scope: unknown) => T): T[] => {
    if (rule.targetType !== 'item') return [fn(data)];
    const list = getIn(data, rule.itemArray!);
    return Array.isArray(list) ? list.map(fn) : [];
  };
  switch (rule.kind) {
    case 'required':
    case 'validate': {
      const errs: unknown[] = [];
      let fires = false;
      for (const e of saveErrors) if (e.rule === rule.id) errs.push(['save', e.field, e.message]);
      for (const e of approveErrors) if (e.rule === rule.id) errs.push(['approve', e.field, e.message]);
      if (errs.length) fires = true;
      // Actions other than save and approve are not evaluated by the run: check the logic itself.
      for (const action of rule.actions ?? []) {
        if (action === 'save' || action === 'approve' || action.startsWith('__')) continue;
        const c = { ...ctx, action };
        const res = overItems((scope) => {
          const applies = !rule.whenFn || truthy(rule.whenFn(scope, c));
          if (rule.kind === 'required') return applies;
          return applies && !(rule.validFn ? truthy(rule.validFn(scope, c)) : true) ? (rule.message ?? true) : false;
        });
        if (rule.kind === 'validate' && res.some((r) => r !== false)) fires = true;
        errs.push([action, res]);
      }
      return { key: canonicalJson(errs), fires };
    }
    case 'derive': {
      const res = overItems((scope) => (!rule.whenFn || truthy(rule.whenFn(scope, ctx)) ? [rule.valueFn ? (rule.valueFn(scope, ctx) ?? null) : null] : false));
      return { key: canonicalJson(res), fires: res.some((r) => r !== false) };
    }
    case 'options': {
      const entries = engine.model.fieldByPath.get(rule.target)?.codeTable?.entries ?? [];
      const fn = rule.filterFn;
      const kept = entries.filter((e) => !fn || truthy(fn({ option: e, doc: data }, ctx)));
      return { key: canonicalJson(kept.map((e) => e.const)), fires: kept.length < entries.length };
    }
    default: {
      const res = overItems((scope) => (rule.whenFn ? truthy(rule.whenFn(scope, ctx)) : true));
      // A visibility rule acts when its condition fails (it hides); readonly and label when it holds.
      return { key: canonicalJson(res), fires: rule.kind === 'visible' ? res.some((r) => !r) : res.some((r) => r) };
    }
  }
}
