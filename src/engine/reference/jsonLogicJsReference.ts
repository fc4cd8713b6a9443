import jsonLogic from 'json-logic-js';
import type { EvalContext } from '../logic/EvalContext';
import type { OpRegistry } from '../logic/OpRegistry';
import { getIn, splitPath } from '../model/paths';
import type { CompiledRule } from '../types';

/*
 * The reference semantics: the same rules run one by one through json-logic-js `apply`. Used by
 * tests (the compiled path must agree) and by the bench (its json-logic-js baseline).
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

/** What `setIn` gives, written into containers this module created (a number segment makes an array). */
function setInPlace(root: Record<string, unknown>, segs: readonly string[], value: unknown, own: Set<object>): void {
  let d = root;
  for (let i = 0; i < segs.length - 1; i++) {
    const next = d[segs[i]];
    let child: Record<string, unknown>;
    if (next !== null && typeof next === 'object') {
      // A value set earlier (a list of ids) is copied, never written: setIn's copy-on-write.
      child = own.has(next) ? (next as Record<string, unknown>) : Array.isArray(next) ? (next.slice() as unknown as Record<string, unknown>) : { ...next };
    } else {
      child = (/^\d+$/.test(segs[i + 1]) ? [] : {}) as Record<string, unknown>;
    }
    own.add(child);
    d = d[segs[i]] = child;
  }
  if (segs.length) d[segs[segs.length - 1]] = value;
}

/** The root data json-logic-js needs to see what the compiled path serves from the context. */
export function referenceData(data: unknown, ctx: EvalContext): Record<string, unknown> {
  // optionIds inherits the whole-table ids from a shared prototype: walk own and inherited keys.
  // Built in place in one pass (a fresh object per call), not copied per key: the bench times this
  // as the json-logic peers' per-evaluation work, so it must not cost more than it needs to.
  const options: Record<string, unknown> = {};
  const own = new Set<object>();
  for (const path in ctx.optionIds) setInPlace(options, splitPath(path), ctx.optionIds[path], own);
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
 * The rule parts an evaluation for `action` needs, as a rule-by-rule json-logic evaluator would
 * apply them: validate rules of other actions are skipped, and a rule's `valid`/`value`/`filter`
 * runs only where its `when` holds (per item for item rules, per option for options filters).
 * Shared by the bench's json-logic-js and json-logic-engine runs, so both do the engine's work.
 */
export function ruleRunsFor(r: CompiledRule, action: string | null): boolean {
  return r.kind !== 'validate' || (!!action && !!r.actions?.includes(action));
}

/** The logic parts after `when`, in order. */
export const afterWhen = ['valid', 'value', 'filter'] as const;

/**
 * Every rule the action needs through json-logic-js `apply`, one rule at a time, as a plain
 * interpreter would (the bench's baseline; see ruleRunsFor). Returns how many applications ran.
 */
export function applyRulesWithJsonLogicJs(rules: readonly CompiledRule[], ops: OpRegistry, data: unknown, ctx: EvalContext, tables: (r: CompiledRule) => unknown[]): number {
  const jl = registerOpsInJsonLogicJs(ops);
  const root = referenceData(data, ctx);
  let n = 0;
  const run = (r: CompiledRule, scope: unknown) => {
    if (r.when !== undefined) {
      n++;
      if (!jl.truthy(jl.apply(r.when as jsonLogic.RulesLogic, scope))) return;
    }
    for (const part of afterWhen) {
      if (r[part] === undefined) continue;
      jl.apply(r[part] as jsonLogic.RulesLogic, scope);
      n++;
    }
  };
  for (const r of rules) {
    if (!ruleRunsFor(r, ctx.action)) continue;
    if (r.filter !== undefined) {
      for (const option of tables(r)) run(r, { option, doc: data, $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options });
    } else if (r.targetType === 'item') {
      const list = getIn(data, r.itemArray!);
      for (const item of Array.isArray(list) ? list : []) run(r, { ...(item as object), $now: ctx.now, $action: ctx.action, $prev: ctx.prev, $options: root.$options, $doc: data });
    } else {
      run(r, root);
    }
  }
  return n;
}
