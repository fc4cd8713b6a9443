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
  return { op, value, args: traced };
}

const comparisons: Record<string, string> = {
  '==': '==', '===': '===', '!=': '!=', '!==': '!==', '>': '>', '>=': '>=', '<': '<', '<=': '<=', in: 'in',
  date_lt: 'before', date_le: 'on or before', date_gt: 'after', date_ge: 'on or after',
};

const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'null' : JSON.stringify(v));

function varsOf(node: TraceNode, out: TraceNode[] = []): TraceNode[] {
  if (node.var !== undefined) out.push(node);
  for (const a of node.args ?? []) varsOf(a, out);
  return out;
}

/**
 * Why a traced node has its value, naming the vars and what they were compared with. `wanted` is
 * the outcome the rule needs (false under a `!`); a comparison that misses it says what it needs.
 */
export function whyOf(node: TraceNode, wanted = true): string {
  if (node.literal) return `always ${show(node.value)}`;
  const args = node.args ?? [];
  const ok = truthy(node.value) === wanted;
  if (node.op === 'and' || node.op === 'or') {
    const holds = truthy(node.value);
    // The children that decided the outcome: the first falsy of a false `and`, the truthy ones of a true `or`...
    const decisive = args.filter((a) => truthy(a.value) === holds);
    const allCount = (node.op === 'and') === holds;
    const parts = allCount ? args : decisive.length ? decisive : args;
    return parts.map((a) => whyOf(a, wanted)).join('; ');
  }
  if (node.op === '!') return args[0] ? whyOf(args[0], !wanted) : show(node.value);
  if (node.op === '!!') return args[0] ? whyOf(args[0], wanted) : show(node.value);
  const cmp = node.op ? comparisons[node.op] : undefined;
  if (cmp && args.length >= 2) {
    const [a, b] = args;
    const needs = `needs ${wanted ? '' : 'not '}`;
    if (a.literal || b.literal) {
      const v = a.literal ? b : a;
      const lit = a.literal ? a : b;
      const fact = `${describeOperand(v)} is ${show(v.value)}`;
      return ok ? fact : `${fact}, ${needs}${a.literal ? `${show(lit.value)} ${cmp} it` : `${cmp} ${show(lit.value)}`}`;
    }
    const facts = `${describeOperand(a)} is ${show(a.value)}, ${describeOperand(b)} is ${show(b.value)}`;
    return ok ? facts : `${facts}, ${needs}${describeOperand(a)} ${cmp} ${describeOperand(b)}`;
  }
  const vars = varsOf(node);
  const seen = new Set<string>();
  const facts = vars.filter((v) => !seen.has(v.var!) && seen.add(v.var!)).map((v) => `${v.var} is ${show(v.value)}`);
  const own = `${node.op} is ${show(node.value)}`;
  return `${own}${ok ? '' : `, needs ${show(wanted)}`}${facts.length ? ` (${facts.join(', ')})` : ''}`;
}

/** A var by its path; any other expression by its operation. */
function describeOperand(n: TraceNode): string {
  if (n.var !== undefined) return n.var;
  return `${n.op ?? 'value'}(...)`;
}
