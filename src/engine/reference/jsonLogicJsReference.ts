import jsonLogic from 'json-logic-js';
import type { EvalContext } from '../logic/EvalContext';
import type { OpRegistry } from '../logic/OpRegistry';
import { getIn, setIn, splitPath } from '../model/paths';
import type { CompiledRule } from '../types';

/*
 * The reference semantics: the same rules run one by one through json-logic-js `apply`. Used by
 * tests (the compiled path must agree) and by the bench (the compiled path must be 10x faster).
 * Not exported from the engine index, so the browser bundle does not carry json-logic-js.
 */

let registered: OpRegistry | null = null;

/** Registers the registry's operations in json-logic-js (global state, hence only here). */
export function registerOpsInJsonLogicJs(ops: OpRegistry): typeof jsonLogic {
  if (registered !== ops) {
    for (const { name, fn } of ops.list()) {
      jsonLogic.add_operation(name, function (this: unknown, ...args: unknown[]) {
        return fn(args, this, contextFromData(this));
      });
    }
    registered = ops;
  }
  return jsonLogic;
}

/** What the compiled path passes as context, read back from the data json-logic-js hands an operation. */
export function contextFromData(data: unknown): EvalContext {
  const d = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return { now: String(d.$now ?? ''), action: (d.$action as string | null | undefined) ?? null, prev: d.$prev ?? null, optionIds: {} };
}

/** The root data json-logic-js needs to see what the compiled path serves from the context. */
export function referenceData(data: unknown, ctx: EvalContext): Record<string, unknown> {
  let options: unknown = {};
  // optionIds inherits the whole-table ids from a shared prototype: walk own and inherited keys.
  for (const path in ctx.optionIds) options = setIn(options, splitPath(path), ctx.optionIds[path]);
  const base = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  return { ...base, $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: options, $doc: data };
}

export interface RulePartResult {
  rule: string;
  part: 'when' | 'valid' | 'value' | 'filter';
  /** Per option (filter) or per item (item rules), else the single result. */
  compiled: unknown;
  reference: unknown;
}

/** Every logic part of every rule through both paths, on the same data and context. */
export function compareWithReference(rules: readonly CompiledRule[], ops: OpRegistry, data: unknown, ctx: EvalContext, tables: (r: CompiledRule) => unknown[]): RulePartResult[] {
  const jl = registerOpsInJsonLogicJs(ops);
  const root = referenceData(data, ctx);
  const out: RulePartResult[] = [];
  for (const r of rules) {
    const parts = [['when', r.whenFn], ['valid', r.validFn], ['value', r.valueFn], ['filter', r.filterFn]] as const;
    for (const [part, fn] of parts) {
      if (!fn) continue;
      const logic = r[part] as jsonLogic.RulesLogic;
      if (part === 'filter') {
        const entries = tables(r);
        out.push({
          rule: r.id, part,
          compiled: entries.map((option) => fn({ option, doc: data }, ctx)),
          reference: entries.map((option) => jl.apply(logic, { option, doc: data, $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options })),
        });
      } else if (r.targetType === 'item') {
        const list = getIn(data, r.itemArray!);
        const items = Array.isArray(list) ? list : [];
        out.push({
          rule: r.id, part,
          compiled: items.map((item) => fn(item, ctx)),
          reference: items.map((item) => jl.apply(logic, { ...(item as object), $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options, $doc: data })),
        });
      } else {
        out.push({ rule: r.id, part, compiled: fn(data, ctx), reference: jl.apply(logic, root) });
      }
    }
  }
  return out;
}

/**
 * Every rule's logic through json-logic-js `apply`, one rule at a time, as a plain interpreter
 * would (the bench's baseline). Returns how many applications ran.
 */
export function applyRulesWithJsonLogicJs(rules: readonly CompiledRule[], ops: OpRegistry, data: unknown, ctx: EvalContext, tables: (r: CompiledRule) => unknown[]): number {
  const jl = registerOpsInJsonLogicJs(ops);
  const root = referenceData(data, ctx);
  let n = 0;
  for (const r of rules) {
    for (const part of ['when', 'valid', 'value', 'filter'] as const) {
      const logic = r[part] as jsonLogic.RulesLogic | undefined;
      if (logic === undefined) continue;
      if (part === 'filter') {
        for (const option of tables(r)) {
          jl.apply(logic, { option, doc: data, $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options });
          n++;
        }
      } else if (r.targetType === 'item') {
        const list = getIn(data, r.itemArray!);
        for (const item of Array.isArray(list) ? list : []) {
          jl.apply(logic, { ...(item as object), $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options, $doc: data });
          n++;
        }
      } else {
        jl.apply(logic, root);
        n++;
      }
    }
  }
  return n;
}
