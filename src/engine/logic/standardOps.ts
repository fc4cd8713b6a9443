import { truthy } from './truthy';

/* The eagerly-evaluated JsonLogic operations, written as json-logic-js 2.0.5 writes them so that
   coercions (loose ==, parseFloat in +, reduce without seed in *) agree exactly. */
/* eslint-disable @typescript-eslint/no-explicit-any -- JsonLogic coerces freely; these mirror JS operators on unknown input. */
type Op = (...args: any[]) => unknown;

export const standardOps: Record<string, Op> = {
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b, c) => (c === undefined ? a < b : a < b && b < c),
  '<=': (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c),
  '!!': (a) => truthy(a),
  '!': (a) => !truthy(a),
  '%': (a, b) => a % b,
  log: (a) => {
    console.log(a);
    return a;
  },
  in: (a, b) => {
    if (!b || typeof b.indexOf === 'undefined') return false;
    return b.indexOf(a) !== -1;
  },
  cat: (...args) => args.join(''),
  substr: (source, start, end) => {
    if (end < 0) {
      const temp = String(source).substr(start);
      return temp.substr(0, temp.length + end);
    }
    return String(source).substr(start, end);
  },
  '+': (...args) => args.reduce((a: any, b: any) => parseFloat(a) + parseFloat(b), 0),
  '*': (...args) => args.reduce((a: any, b: any) => parseFloat(a) * parseFloat(b)),
  '-': (a, b) => (b === undefined ? -a : a - b),
  '/': (a, b) => a / b,
  min: (...args) => Math.min(...args),
  max: (...args) => Math.max(...args),
  // Same result as json-logic-js's reduce/concat: arrays flattened one level, other values appended.
  merge: (...args) => {
    const out: unknown[] = [];
    for (const a of args) {
      if (Array.isArray(a)) for (let i = 0; i < a.length; i++) out.push(a[i]);
      else out.push(a);
    }
    return out;
  },
};

/** Operations whose arguments are evaluated lazily or against item data; handled by the compiler. */
export const structuralOps = new Set([
  'var', 'missing', 'missing_some', 'if', '?:', 'and', 'or', 'filter', 'map', 'reduce', 'all', 'none', 'some',
]);

/** Operations whose second argument is evaluated once per array item (`var` there names item fields). */
export const scopedOps = new Set(['filter', 'map', 'reduce', 'all', 'none', 'some']);
