import { LogicEngine } from 'json-logic-engine';
import type { EvalContext } from '../src/engine/logic/EvalContext';
import type { OpRegistry } from '../src/engine/logic/OpRegistry';
import { getIn } from '../src/engine/model/paths';
import { contextFromData, referenceData } from '../src/engine/reference/jsonLogicJsReference';
import type { CompiledRule } from '../src/engine/types';

type Built = (data: unknown) => unknown;

/**
 * The best json-logic peer for the bench: json-logic-engine in its compiled mode (`build`), with
 * the registry's operations added as methods, each rule part built once and then run rule by rule
 * exactly as the json-logic-js baseline runs them (each option of a filter, each list item).
 */
export function prepareJsonLogicEngine(rules: readonly CompiledRule[], ops: OpRegistry, tables: (r: CompiledRule) => unknown[]) {
  // maxDepth: Infinity turns off its reduce-accumulator depth guard, which our engine does not have either.
  const engine = new LogicEngine(undefined, { maxDepth: Infinity });
  for (const { name, fn } of ops.list()) {
    // Like json-logic-js, a single non-array argument is one argument.
    engine.addMethod(name, (args: unknown, context: unknown) => fn(Array.isArray(args) ? args : [args], context, contextFromData(context)));
  }
  const parts: Array<{ rule: CompiledRule; part: 'when' | 'valid' | 'value' | 'filter'; run: Built }> = [];
  for (const rule of rules) {
    for (const part of ['when', 'valid', 'value', 'filter'] as const) {
      const logic = rule[part];
      if (logic === undefined) continue;
      parts.push({ rule, part, run: engine.build(logic as never) as Built });
    }
  }
  /** Runs every built part on `data`; returns how many applications ran. */
  return (data: unknown, ctx: EvalContext): number => {
    const root = referenceData(data, ctx);
    let n = 0;
    for (const { rule, part, run } of parts) {
      if (part === 'filter') {
        for (const option of tables(rule)) {
          run({ option, doc: data, $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options });
          n++;
        }
      } else if (rule.targetType === 'item') {
        const list = getIn(data, rule.itemArray!);
        for (const item of Array.isArray(list) ? list : []) {
          run({ ...(item as object), $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options, $doc: data });
          n++;
        }
      } else {
        run(root);
        n++;
      }
    }
    return n;
  };
}
