import { collectRootVars } from '../logic/collectVars';
import { compileLogic, type CompileOptions } from '../logic/compileLogic';
import type { CompiledLogic } from '../logic/EvalContext';
import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { lookupPath, splitVarName } from '../logic/lookupVar';
import type { OpRegistry } from '../logic/OpRegistry';
import { intersectsOp } from '../ops/listOps';
import type { CodeEntry, OptionIndex } from '../types';


type Kind = '==' | 'in' | 'intersects';

function sameList(a: readonly CodeEntry[], b: readonly CodeEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);

/** `option.<path>` with a literal name and no default: the option field's path, else null. */
function optionPath(logic: unknown): string[] | null {
  if (!isLogic(logic) || operatorOf(logic) !== 'var') return null;
  const args = argsOf(logic);
  if (args.length !== 1 || typeof args[0] !== 'string') return null;
  const segs = splitVarName(args[0]);
  return segs && segs.length > 1 && segs[0] === 'option' ? segs : null;
}

/** Reads nothing of the option, computes no var name, writes no log: safe to compute once. */
function optionFree(logic: unknown): boolean {
  const v = collectRootVars(logic);
  return !v.dynamic && v.names.every((n) => n !== 'option' && !n.startsWith('option.')) && !JSON.stringify(logic).includes('"log"');
}

// Primitives a Map finds exactly as `===` does (no NaN).
const indexable = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && v === v);

export function planOptionIndex(filter: unknown, entries: readonly CodeEntry[], ops: OpRegistry, options: CompileOptions): OptionIndex | undefined {
  if (!isLogic(filter) || !entries.length) return undefined;
  const kind = operatorOf(filter) as Kind;
  if (kind !== '==' && kind !== 'in' && (kind !== 'intersects' || ops.get('intersects') !== intersectsOp)) return undefined;
  const args = argsOf(filter);
  if (args.length !== 2) return undefined;
  // `==` is symmetric; `in` and `intersects` need the option on the left (the list it is looked up in on the right).
  let segs = optionPath(args[0]);
  let other = args[1];
  if (!segs && kind === '==') {
    segs = optionPath(args[1]);
    other = args[0];
  }
  if (!segs || !optionFree(other)) return undefined;

  // Per entry, what the var reads (json-logic-js `var`: null when missing), and an index of those values.
  const column = entries.map((option) => lookupPath({ option }, segs, null));
  const byValue = new Map<unknown, number[]>();
  for (let i = 0; i < column.length; i++) {
    for (const v of kind === 'intersects' ? asList(column[i]) : [column[i]]) {
      if (!indexable(v)) return undefined;
      const list = byValue.get(v);
      if (!list) byValue.set(v, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }
  // For a loose `==`: the one type (besides null) of the column; only a value of that type (or null) compares like `===`.
  const types = new Set(column.filter((v) => v !== null).map((v) => typeof v));
  const eqType = types.size === 1 ? [...types][0] : types.size === 0 ? 'null' : null;
  const otherFn: CompiledLogic = compileLogic(other, ops, false, options);

  // Per value, its entries in table order; a fresh copy is handed out (callers own their lists),
  // unless it equals the caller's last list, which is handed back.
  const entriesOf = new Map<unknown, CodeEntry[]>();
  for (const [v, list] of byValue) entriesOf.set(v, list.map((i) => entries[i]));
  // Marks for several values, cleared after each use: one buffer per index instead of one per call.
  const hit = new Uint8Array(entries.length);
  const pickOne = (value: unknown, last: CodeEntry[] | undefined): CodeEntry[] => {
    const list = entriesOf.get(value);
    if (!list) return last !== undefined && last.length === 0 ? last : [];
    return last !== undefined && sameList(last, list) ? last : list.slice();
  };
  const pick = (values: readonly unknown[], last: CodeEntry[] | undefined): CodeEntry[] => {
    if (values.length === 1) return pickOne(values[0], last);
    let lo = entries.length;
    let hi = -1;
    for (let k = 0; k < values.length; k++) {
      const list = byValue.get(values[k]);
      if (!list) continue;
      for (let j = 0; j < list.length; j++) hit[list[j]] = 1;
      if (list[0] < lo) lo = list[0];
      if (list[list.length - 1] > hi) hi = list[list.length - 1];
    }
    // Compared with `last` as the entries come; a list is made only where they differ.
    let out: CodeEntry[] | null = null;
    let n = 0;
    for (let i = lo; i <= hi; i++) {
      if (hit[i] === 1) {
        hit[i] = 0;
        if (out !== null) out.push(entries[i]);
        else if (last !== undefined && n < last.length && last[n] === entries[i]) n++;
        else {
          out = last !== undefined ? last.slice(0, n) : [];
          out.push(entries[i]);
        }
      }
    }
    if (out !== null) return out;
    return last !== undefined && n === last.length ? last : last !== undefined ? last.slice(0, n) : [];
  };

  return {
    keep(data, ctx, last) {
      const x = otherFn(data, ctx);
      switch (kind) {
        case '==':
          if (x === null || x === undefined) return pickOne(null, last);
          if (typeof x === eqType && x === x) return pickOne(x, last);
          return undefined;
        case 'in':
          // json-logic-js: no list (or one without indexOf) holds nothing; a string is a substring test.
          if (!x || typeof (x as { indexOf?: unknown }).indexOf === 'undefined') return last !== undefined && last.length === 0 ? last : [];
          return Array.isArray(x) ? pick(x, last) : undefined;
        default:
          // intersects: an option value equal (===) to one of x's; objects in x never equal a primitive.
          return pick(asList(x), last);
      }
    },
  };
}
