import type { CompiledLogic } from './EvalContext';
import type { FunctionSource } from './FunctionSource';
import { argsOf, isLogic, operatorOf } from './isLogic';
import type { OpRegistry } from './OpRegistry';
import { scopedOps, standardOps } from './standardOps';
import { truthy } from './truthy';

/** What a generated rule needs from the closure compiler: a node compiled as compileLogic does it. */
export interface GenerateHooks {
  /** The closure for a sub-expression (used for what is not generated: var, scoped ops, missing, memoized parts). */
  closure(logic: unknown): CompiledLogic;
  /** The sub-expression is computed once per run or context (shared or memoized): keep its closure. */
  memoized(logic: unknown): boolean;
}

const comparisons = new Set(['==', '===', '!=', '!==', '>', '>=', '<', '<=']);
/** Kept as their closures (besides the scoped operations): var readers and missing. */
const closureOnly = new Set(['var', 'missing', 'missing_some']);

/** An array of literals as the closure compiler folds it (a copy, nested arrays too), or null when some item is logic. */
function constantArray(items: unknown[]): { value: unknown[] } | null {
  const out: unknown[] = [];
  for (const item of items) {
    if (isLogic(item)) return null;
    if (Array.isArray(item)) {
      const inner = constantArray(item);
      if (!inner) return null;
      out.push(inner.value);
    } else out.push(item);
  }
  return { value: out };
}

/**
 * A rule's JsonLogic as one generated function (`functions`: `new Function` on the server, the
 * build's precompiled module in the browser): comparisons, `!`/`!!`, `and`/`or`, `if` and operation calls become JavaScript
 * expressions of a single function, so the closure tree's call per node (each through a call site
 * shared by every node of its kind) is gone. Everything else (var readers, scoped operations,
 * `missing`, memoized sub-expressions) is called as the closure compileLogic makes for it, from a
 * call site of its own. Semantics are those of the closures (json-logic-js 2.0.5); values enter the
 * source only as JSON literals or as references into the function's table of constants.
 * Returns null when the root itself is not worth generating (a literal, or kept as a closure), or
 * when `functions` cannot make it (metadata changed since the build): the caller keeps its closure.
 */
export function generateLogic(logic: unknown, ops: OpRegistry, hooks: GenerateHooks, functions: FunctionSource): CompiledLogic | null {
  if (!isLogic(logic) || hooks.memoized(logic)) return null;
  const table: unknown[] = [];
  let temps = 0;
  const ref = (value: unknown) => {
    table.push(value);
    return `X[${table.length - 1}]`;
  };
  const constant = (value: unknown): string => {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    if (typeof value === 'boolean') return String(value);
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? String(value) : ref(value);
    if (typeof value === 'string') return JSON.stringify(value);
    return ref(value);
  };
  const closureCall = (l: unknown) => `${ref(hooks.closure(l))}(d, c)`;

  const gen = (l: unknown): string => {
    if (!isLogic(l)) {
      if (!Array.isArray(l)) return constant(l);
      const folded = constantArray(l);
      return folded ? ref(folded.value) : closureCall(l);
    }
    if (hooks.memoized(l)) return closureCall(l);
    const op = operatorOf(l);
    const raw = argsOf(l);
    switch (op) {
      case 'if':
      case '?:': {
        if (raw.length === 0) return 'null';
        let out = '';
        let i = 0;
        for (; i < raw.length - 1; i += 2) out += `T(${gen(raw[i])}) ? (${gen(raw[i + 1])}) : `;
        return `(${out}${raw.length === i + 1 ? `(${gen(raw[i])})` : 'null'})`;
      }
      case 'and':
      case 'or': {
        if (raw.length === 0) return 'undefined';
        const t = `t${temps++}`;
        const want = op === 'or' ? 'true' : 'false';
        let out = `(${gen(raw[raw.length - 1])})`;
        for (let i = raw.length - 2; i >= 0; i--) out = `(${t} = ${gen(raw[i])}, T(${t}) === ${want} ? ${t} : ${out})`;
        return out;
      }
    }
    if (closureOnly.has(op) || scopedOps.has(op)) return closureCall(l);
    const std = standardOps[op];
    if (std) {
      if (raw.length === 2 && comparisons.has(op)) return `(${gen(raw[0])} ${op} ${gen(raw[1])})`;
      const list = raw.length === 2 && op === 'in' && !isLogic(raw[1]) ? (Array.isArray(raw[1]) ? constantArray(raw[1]) : { value: raw[1] }) : null;
      if (list) {
        // The closures' test of a constant list, done once: one without indexOf answers false.
        const k = list.value as { indexOf?: unknown } | null;
        if (!k || typeof k.indexOf === 'undefined') return `(${gen(raw[0])}, false)`;
        return `(${constant(k)}.indexOf(${gen(raw[0])}) !== -1)`;
      }
      if (raw.length === 1 && op === '!') return `!T(${gen(raw[0])})`;
      if (raw.length === 1 && op === '!!') return `T(${gen(raw[0])})`;
      return `${ref(std)}(${raw.map(gen).join(', ')})`;
    }
    const direct = ops.info(op)?.direct;
    if (direct) return `${ref(direct)}(${raw.map(gen).join(', ')})`;
    const custom = ops.get(op);
    if (custom) return `${ref(custom)}([${raw.map(gen).join(', ')}], d, c)`;
    // Unknown operation: the closure compiler throws the error it always throws.
    return closureCall(l);
  };

  const body = gen(logic);
  const vars = temps ? `let ${Array.from({ length: temps }, (_, i) => `t${i}`).join(', ')}; ` : '';
  // Values enter only as JSON literals or table references (see above).
  const make = functions.make(['X', 'T'], `"use strict"; return function rule(d, c) { ${vars}return ${body}; };`) as ((x: unknown[], t: typeof truthy) => CompiledLogic) | undefined;
  return make ? make(table, truthy) : null;
}
