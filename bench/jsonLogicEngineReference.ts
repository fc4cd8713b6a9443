import { LogicEngine } from 'json-logic-engine';
import type { EvalContext } from '../src/engine/logic/EvalContext';
import type { OpRegistry } from '../src/engine/logic/OpRegistry';
import { getIn } from '../src/engine/model/paths';
import { truthy } from '../src/engine/logic/truthy';
import { afterWhen, contextFromData, referenceData, ruleRunsFor } from '../src/engine/reference/jsonLogicJsReference';
import type { CompiledRule } from '../src/engine/types';

type Built = (data: unknown) => unknown;

/**
 * The best json-logic peer for the bench: json-logic-engine in its compiled mode (`build`), with
 * the registry's operations added as methods, each rule part built once and then run rule by rule
 * exactly as the json-logic-js baseline runs them (the parts the action needs, `valid`/`value`/
 * `filter` only where `when` holds, each option of a filter, each list item).
 */
export function prepareJsonLogicEngine(rules: readonly CompiledRule[], ops: OpRegistry, tables: (r: CompiledRule) => unknown[]) {
  // maxDepth: Infinity turns off its reduce-accumulator depth guard, which our engine does not have either.
  const engine = new LogicEngine(undefined, { maxDepth: Infinity });
  for (const { name, fn } of ops.list()) {
    // Like json-logic-js, a single non-array argument is one argument.
    engine.addMethod(name, (args: unknown, context: unknown) => fn(Array.isArray(args) ? args : [args], context, contextFromData(context)));
  }
  const built = rules.map((rule) => ({
    rule,
    when: rule.when === undefined ? undefined : (engine.build(rule.when as never) as Built),
    rest: afterWhen.filter((part) => rule[part] !== undefined).map((part) => engine.build(rule[part] as never) as Built),
  }));
  /** Runs the built parts the action needs on `data`; returns how many applications ran. */
  return (data: unknown, ctx: EvalContext): number => {
    const root = referenceData(data, ctx);
    let n = 0;
    const run = (when: Built | undefined, rest: Built[], scope: unknown) => {
      if (when) {
        n++;
        if (!truthy(when(scope))) return;
      }
      for (const part of rest) {
        part(scope);
        n++;
      }
    };
    for (const { rule, when, rest } of built) {
      if (!ruleRunsFor(rule, ctx.action)) continue;
      if (rule.filter !== undefined) {
        for (const option of tables(rule)) run(when, rest, { option, doc: data, $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options });
      } else if (rule.targetType === 'item') {
        const list = getIn(data, rule.itemArray!);
        for (const item of Array.isArray(list) ? list : []) run(when, rest, { ...(item as object), $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options, $doc: data });
      } else {
        run(when, rest, root);
      }
    }
    return n;
  };
}
