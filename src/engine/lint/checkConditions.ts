import { emptyContext } from '../logic/EvalContext';
import { compileLogic } from '../logic/compileLogic';
import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import type { OpRegistry } from '../logic/OpRegistry';
import { truthy } from '../logic/truthy';
import type { VarProblem } from './checkVars';

type Seg = string | number;
const dataOps = new Set(['var', 'missing', 'missing_some']);

/** True when the logic reads no data: its value is the same for every document. */
export function readsNoData(logic: unknown): boolean {
  if (Array.isArray(logic)) return logic.every(readsNoData);
  if (!isLogic(logic)) return true;
  const op = operatorOf(logic);
  return !dataOps.has(op) && argsOf(logic).every(readsNoData);
}

function constantValue(logic: unknown, ops: OpRegistry): string {
  try {
    return truthy(compileLogic(logic, ops)(null, emptyContext())) ? 'always true' : 'always false';
  } catch {
    return 'the same for every document';
  }
}

/** One comparison of a plain var with literals, as the set of values it allows (or excludes). */
interface Constraint {
  name: string;
  allowed?: unknown[];
  excluded?: unknown[];
  text: string;
}

const isLit = (v: unknown) => v === null || ['number', 'string', 'boolean'].includes(typeof v);
const varName = (v: unknown): string | null => (isLogic(v) && operatorOf(v) === 'var' && typeof argsOf(v)[0] === 'string' ? (argsOf(v)[0] as string) : null);

function constraintOf(logic: unknown): Constraint | null {
  if (!isLogic(logic)) return null;
  const op = operatorOf(logic);
  const [a, b] = argsOf(logic);
  const text = (rhs: unknown) => `${op} ${JSON.stringify(rhs)}`;
  if (op === '==' || op === '===' || op === '!=' || op === '!==') {
    const [name, lit] = varName(a) !== null && isLit(b) ? [varName(a)!, b] : varName(b) !== null && isLit(a) ? [varName(b)!, a] : [null, null];
    if (name === null) return null;
    // `==` coerces (1 == "1"); keep the check to the strict reading of literals of one type.
    return op.startsWith('=') ? { name, allowed: [lit], text: text(lit) } : { name, excluded: [lit], text: text(lit) };
  }
  if (op === 'in' && varName(a) !== null && Array.isArray(b) && b.every(isLit)) return { name: varName(a)!, allowed: b, text: text(b) };
  return null;
}

/** An `and` whose comparisons of one var allow no value at all (`x == 1` and `x in [2, 5]`). */
function contradiction(parts: unknown[]): string | null {
  const byName = new Map<string, Constraint[]>();
  for (const p of parts) {
    const c = constraintOf(p);
    if (c) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  }
  for (const [name, cs] of byName) {
    if (cs.length < 2) continue;
    let allowed: unknown[] | null = null;
    for (const c of cs) if (c.allowed) allowed = allowed === null ? [...c.allowed] : allowed.filter((v) => c.allowed!.includes(v));
    if (allowed === null) continue;
    const excluded = cs.flatMap((c) => c.excluded ?? []);
    if (allowed.every((v) => excluded.includes(v))) return `"${name}" cannot be ${cs.map((c) => c.text).join(' and ')} at once: the condition is never true`;
  }
  return null;
}

/** `and` operands with nested `and`s flattened. */
function andParts(logic: unknown): unknown[] {
  if (isLogic(logic) && operatorOf(logic) === 'and') return argsOf(logic).flatMap(andParts);
  return [logic];
}

/**
 * A condition (or an operand of `and`/`or`/`!`/`if`) that reads no data is constant; an `and` whose
 * comparisons of one field cannot all hold is contradictory. Either way the rule does not say what
 * its author meant.
 */
export function checkConditions(logic: unknown, ops: OpRegistry, at: Seg[], out: VarProblem[] = [], isCondition = true, insideAnd = false): VarProblem[] {
  if (isCondition && readsNoData(logic)) {
    out.push({ segs: at, message: `constant condition: ${constantValue(logic, ops)} (it reads no field)` });
    return out;
  }
  if (Array.isArray(logic)) {
    logic.forEach((l, i) => checkConditions(l, ops, [...at, i], out, false));
    return out;
  }
  if (!isLogic(logic)) return out;
  const op = operatorOf(logic);
  const raw = logic[op];
  const args = argsOf(logic);
  const argAt = (i: number): Seg[] => (Array.isArray(raw) ? [...at, op, i] : [...at, op]);
  if (op === 'and' && !insideAnd) {
    const c = contradiction(andParts(logic));
    if (c) out.push({ segs: at, message: c });
  }
  const conditionArg = (i: number) =>
    op === 'and' || op === 'or' || op === '!' || op === '!!' || ((op === 'if' || op === '?:') && i % 2 === 0 && i < args.length - 1);
  args.forEach((a, i) => checkConditions(a, ops, argAt(i), out, conditionArg(i), op === 'and'));
  return out;
}
