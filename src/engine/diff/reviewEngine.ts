import { createEngine } from '../evaluate/createEngine';
import type { Engine, EngineOptions } from '../evaluate/Engine';
import { buildModel } from '../model/buildModel';
import type { MetadataModel } from '../model/MetadataModel';
import type { Metadata, RuleError } from '../types';

/** The pseudo-action a review engine checks: every rule of the reviewed actions answers to it. */
export const REVIEW_ACTION = '__review__';

/** An engine that reports the errors of several actions in one evaluation, and splits them again. */
export interface ReviewEngine {
  engine: Engine;
  /** One evaluation per document when true; one per action when a rule reads `$action`. */
  combined: boolean;
  actions: readonly string[];
  /** Errors per reviewed action, in rule order. */
  check(doc: unknown, prev?: unknown): { vm: ReturnType<Engine['evaluate']>; errors: Record<string, RuleError[]> };
}

/**
 * Compiles a metadata version once for checking several actions. When no rule reads `$action`, a
 * rule's outcome does not depend on which action is checked, so one evaluation under a pseudo-action
 * that every rule of those actions answers to gives all their errors, split back by each rule's own
 * actions. Otherwise it evaluates once per action.
 */
export function reviewEngine(
  metadata: Metadata | MetadataModel, now?: () => string, actions: readonly string[] = ['save', 'approve'], options: Pick<EngineOptions, 'codeGeneration' | 'functions'> = {},
): ReviewEngine {
  const model = 'files' in metadata ? buildModel(metadata) : metadata;
  const readsAction = model.rules.some((r) => JSON.stringify([r.when, r.valid, r.value, r.filter, r.message, r.label]).includes('$action'));
  const ruleActions = new Map(model.rules.map((r) => [r.id, actions.filter((a) => r.actions?.includes(a))]));
  const rules = readsAction
    ? model.rules
    : model.rules.map((r) => (ruleActions.get(r.id)?.length ? { ...r, actions: [...(r.actions ?? []), REVIEW_ACTION] } : r));
  const engine = createEngine({ ...model, rules }, now ? { ...options, now } : options);
  return {
    engine,
    combined: !readsAction,
    actions,
    check(doc, prev) {
      const errors: Record<string, RuleError[]> = {};
      for (const a of actions) errors[a] = [];
      if (!readsAction) {
        const vm = engine.evaluate(doc, { action: REVIEW_ACTION, prev });
        for (const e of vm.errors) for (const a of ruleActions.get(e.rule) ?? []) errors[a].push(e);
        return { vm, errors };
      }
      let vm = engine.evaluate(doc, { action: actions[0], prev });
      errors[actions[0]] = vm.errors;
      for (const a of actions.slice(1)) errors[a] = engine.evaluate(doc, { action: a, prev }).errors;
      if (!actions.length) vm = engine.evaluate(doc, { prev });
      return { vm, errors };
    },
  };
}
