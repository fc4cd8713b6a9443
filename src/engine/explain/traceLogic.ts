import type { CompiledLogic, EvalContext } from '../logic/EvalContext';
import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { scopedOps } from '../logic/standardOps';
import { truthy } from '../logic/truthy';
import type { TraceNode } from './Explanation';

/**
 * Evaluates every sub-expression with the engine's compiled path (so the trace can never disagree
 * with evaluation) and records the values. Item-scoped logic is shown but not evaluated.
 */
export function traceLogic(logic: unknown, data: unknown, ctx: EvalContext, compile: (l: unknown) => CompiledLogic): TraceNode {
  if (!isLogic(logic)) {
    if (Array.isArray(logic) && logic.some((l) => isLogic(l))) {
      return { op: 'array', value: compile(logic)(data, ctx), args: logic.map((l) => traceLogic(l, data, ctx, compile)) };
    }
    return { literal: true, value: logic };
  }
  const op = operatorOf(logic);
  const args = argsOf(logic);
  const value = compile(logic)(data, ctx);
  if (op === 'var' && !isLogic(args[0])) return { op, var: String(args[0] ?? ''), value };
  const traced = args.map((a, i) =>
    scopedOps.has(op) && i === 1 ? { scoped: true, logic: a } : traceLogic(a, data, ctx, compile),
  );
  return { op, value, args: traced, logic };
}

/** Operations whose outcome compares two operands: the trace says both values. */
const comparisons = new Set(['==', '===', '!=', '!==', '>', '>=', '<', '<=', 'in', 'date_lt', 'date_le', 'date_gt', 'date_ge']);

/** How the trace puts logic and values in words (describeLogic and the field's codes). */
export interface TraceWords {
  /** A json-logic expression in plain words. */
  logic(l: unknown): string;
  /** A value in words; `of` is the expression that produced it (its field's codes name it). */
  value(v: unknown, of?: unknown): string;
}

const nodeLogic = (n: TraceNode): unknown => (n.var !== undefined ? { var: n.var } : n.logic);

function varsOf(node: TraceNode, out: TraceNode[] = []): TraceNode[] {
  if (node.var !== undefined) out.push(node);
  for (const a of node.args ?? []) varsOf(a, out);
  return out;
}

/**
 * Why a traced node has its value, in plain words: the fields it read with their values, and what
 * the rule needs when the outcome misses it. `wanted` is the outcome the rule needs (false under a `!`).
 */
export function whyOf(node: TraceNode, say: TraceWords, wanted = true): string {
  if (node.literal) return `always ${say.value(node.value)}`;
  const args = node.args ?? [];
  const ok = truthy(node.value) === wanted;
  if (node.op === 'and' || node.op === 'or') {
    const holds = truthy(node.value);
    // The children that decided the outcome: the first falsy of a false `and`, the truthy ones of a true `or`...
    const decisive = args.filter((a) => truthy(a.value) === holds);
    const allCount = (node.op === 'and') === holds;
    const parts = allCount ? args : decisive.length ? decisive : args;
    return parts.map((a) => whyOf(a, say, wanted)).join('; ');
  }
  if (node.op === '!') return args[0] ? whyOf(args[0], say, !wanted) : say.value(node.value);
  if (node.op === '!!') return args[0] ? whyOf(args[0], say, wanted) : say.value(node.value);
  const logic = nodeLogic(node);
  const needs = ok ? '' : `, needs: ${say.logic(wanted ? logic : { '!': logic })}`;
  if (node.op && comparisons.has(node.op) && args.length >= 2) {
    const [a, b] = args;
    const other = (n: TraceNode) => nodeLogic(n === a ? b : a);
    const facts = [a, b].filter((n) => !n.literal).map((n) => `${say.logic(nodeLogic(n))} is ${say.value(n.value, nodeLogic(n) ?? other(n))}`);
    return `${facts.join(', ')}${needs}`;
  }
  if (node.var !== undefined) return `${say.logic(logic)} is ${say.value(node.value, logic)}${needs}`;
  // Any other operation: what holds for this product, with the fields it read.
  const holds = say.logic(truthy(node.value) ? logic : { '!': logic });
  const seen = new Set<string>();
  const facts = varsOf(node)
    .filter((v) => !seen.has(v.var!) && seen.add(v.var!))
    .map((v) => `${say.logic({ var: v.var })} is ${say.value(v.value, { var: v.var })}`)
    .filter((f) => !holds.includes(f));
  return `${holds}${facts.length ? ` (${facts.join(', ')})` : ''}`;
}
