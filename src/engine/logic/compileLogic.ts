import type { CompiledLogic, EvalContext } from './EvalContext';
import { argsOf, isLogic, operatorOf } from './isLogic';
import { contextRoots, lookupPath, lookupRoot, pathReader, splitVarName, type PathReaderFactory } from './lookupVar';
import type { OpRegistry } from './OpRegistry';
import { generateLogic } from './generateLogic';
import { standardOps } from './standardOps';
import { truthy } from './truthy';

export class LogicCompileError extends Error {}

interface Node {
  fn: CompiledLogic;
  /** Set when the node is a literal: callers may fold it. */
  constant?: { value: unknown };
}

const literal = (value: unknown): Node => ({ fn: () => value, constant: { value } });

/**
 * Compiles JsonLogic once into a tree of closures (no eval, CSP-safe) with the semantics of
 * json-logic-js 2.0.5. `scoped` marks logic evaluated against an array item (inside map, filter,
 * some, all, none, reduce), where `var` names item fields and `$now`... are plain keys again.
 */
export function compileLogic(logic: unknown, ops: OpRegistry, scoped = false, options: CompileOptions = {}): CompiledLogic {
  const functions = options.readers?.functions;
  if (functions && !scoped) {
    const fn = generateLogic(logic, ops, {
      closure: (l) => compileNode(l, ops, false, options).fn,
      memoized: (l) => (options.shared !== undefined && sharedKey(options.shared, l) !== undefined) || (options.memoize !== undefined && options.memoize(l)),
    }, functions);
    if (fn) return fn;
  }
  return compileNode(logic, ops, scoped, options).fn;
}

export interface CompileOptions {
  /**
   * Sub-expressions (at root scope) for which this returns true are computed once per evaluation
   * context and reused: an options filter runs per option, but `chain_ids(doc.sectors)` does not
   * depend on the option.
   */
  memoize?: (logic: unknown) => boolean;
  /**
   * With `memoize`: memoized sub-expressions by their JSON, shared by every logic compiled with the
   * same map, so eight option filters reading `chain_ids(doc.sectors)` compute it once per context.
   */
  memoCache?: Map<string, CompiledLogic>;
  /**
   * Common sub-expressions shared between rules: a root-scope sub-expression whose JSON is in
   * `keys` is compiled once into `cache` and computed once per (data, context), so five derive
   * rules guarded by the same `difference(panelists, $prev.panelists)` compute it once.
   */
  shared?: SharedParts;
  /**
   * Set where code is generated (`generatedReaders()`, at run time or precompiled): `var` paths known
   * at compile time are read by these readers, and each root-scope logic is generated as one
   * function (generateLogic) made by the readers' `functions`. Unset: closures throughout (`pathReader`).
   */
  readers?: PathReaderFactory;
}

export interface SharedParts {
  keys: Set<string>;
  cache: Map<string, CompiledLogic>;
  /**
   * The JSON of a sub-expression that may be shared, known beforehand by object (compileRules
   * records it while counting); undefined for one that cannot be. Unset: JSON.stringify of every
   * sub-expression compiled, which made compiling quadratic in a rule's depth.
   */
  keyOf?: (logic: unknown) => string | undefined;
}

/** The key under which `logic` is shared, or undefined when it is not. */
function sharedKey(shared: SharedParts, logic: unknown): string | undefined {
  const key = shared.keyOf ? shared.keyOf(logic) : JSON.stringify(logic);
  return key !== undefined && shared.keys.has(key) ? key : undefined;
}

const noOptions: CompileOptions = {};

function compileNode(logic: unknown, ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  if (o.shared && !scoped && isLogic(logic)) {
    const key = sharedKey(o.shared, logic);
    if (key !== undefined) {
      let fn = o.shared.cache.get(key);
      if (!fn) {
        fn = memoPerRun(compileFresh(logic, ops, scoped, o).fn);
        o.shared.cache.set(key, fn);
      }
      return { fn };
    }
  }
  const node = compileFresh(logic, ops, scoped, o);
  const memo = o.memoize;
  if (!memo || scoped || node.constant || !isLogic(logic) || !memo(logic)) return node;
  const key = o.memoCache ? JSON.stringify(logic) : '';
  const known = o.memoCache?.get(key);
  if (known) return { fn: known };
  const fn = memoPerContext(node.fn);
  o.memoCache?.set(key, fn);
  return { fn };
}

/**
 * Computed once per evaluation context and document revision (an options filter's option-invariant
 * part): the hidden policy and derive bump `rev` when they change the document mid-evaluation, and
 * a save's second round must not see values read before it emptied them.
 */
function memoPerContext(fn: CompiledLogic): CompiledLogic {
  let lastCtx: EvalContext | null = null;
  let lastRev: number | undefined;
  let lastValue: unknown;
  return (d, c) => {
    if (c !== lastCtx || c.rev !== lastRev) {
      lastValue = fn(d, c);
      lastCtx = c;
      lastRev = c.rev;
    }
    return lastValue;
  };
}

/** Computed once per (data, context) pair: within one evaluation the document object does not change. */
function memoPerRun(fn: CompiledLogic): CompiledLogic {
  let lastCtx: EvalContext | null = null;
  let lastData: unknown;
  let lastRev: number | undefined;
  let lastValue: unknown;
  return (d, c) => {
    if (c !== lastCtx || d !== lastData || c.rev !== lastRev) {
      lastValue = fn(d, c);
      lastCtx = c;
      lastData = d;
      lastRev = c.rev;
    }
    return lastValue;
  };
}

function compileFresh(logic: unknown, ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  if (Array.isArray(logic)) {
    const items = logic.map((l) => compileNode(l, ops, scoped, o));
    if (items.every((n) => n.constant)) return literal(items.map((n) => n.constant!.value));
    const fns = items.map((n) => n.fn);
    // Literals of the exact length (an array grown by pushes starts with room for 17 items).
    const [f0, f1, f2] = fns;
    switch (fns.length) {
      case 1: return { fn: (d, c) => [f0(d, c)] };
      case 2: return { fn: (d, c) => [f0(d, c), f1(d, c)] };
      case 3: return { fn: (d, c) => [f0(d, c), f1(d, c), f2(d, c)] };
    }
    return { fn: (d, c) => fns.map((f) => f(d, c)) };
  }
  if (!isLogic(logic)) return literal(logic);

  const op = operatorOf(logic);
  const raw = argsOf(logic);
  switch (op) {
    case 'var':
      return compileVar(raw, ops, scoped, o);
    case 'if':
    case '?:':
      return compileIf(raw, ops, scoped, o);
    case 'and':
    case 'or':
      return compileAndOr(op, raw, ops, scoped, o);
    case 'filter':
    case 'map':
    case 'all':
    case 'none':
    case 'some':
    case 'reduce':
      return compileScoped(op, raw, ops, scoped, o);
    case 'missing':
    case 'missing_some':
      return compileMissing(op, raw, ops, scoped, o);
  }

  const nodes = raw.map((a) => compileNode(a, ops, scoped, o));
  const args = nodes.map((n) => n.fn);
  const std = standardOps[op];
  if (std) return { fn: compileStandard(op, std, nodes) };
  const direct = ops.info(op)?.direct as ((...a: unknown[]) => unknown) | undefined;
  if (direct) {
    // Positional: no arguments array per call.
    const [a, b, c3] = args;
    switch (args.length) {
      case 0: return { fn: () => direct() };
      case 1: return { fn: (d, c) => direct(a(d, c)) };
      case 2: return { fn: (d, c) => direct(a(d, c), b(d, c)) };
      case 3: return { fn: (d, c) => direct(a(d, c), b(d, c), c3(d, c)) };
    }
  }
  const custom = ops.get(op);
  if (custom) {
    // Fixed arities avoid a map() per call; custom ops are the hot path of real rules.
    const [a, b, c3] = args;
    switch (args.length) {
      case 1: return { fn: (d, c) => custom([a(d, c)], d, c) };
      case 2: return { fn: (d, c) => custom([a(d, c), b(d, c)], d, c) };
      case 3: return { fn: (d, c) => custom([a(d, c), b(d, c), c3(d, c)], d, c) };
      default: return { fn: (d, c) => custom(args.map((f) => f(d, c)), d, c) };
    }
  }
  throw new LogicCompileError(`Unrecognized operation ${op}`);
}

// Two-argument comparisons are the bulk of real rules: call them without building an arguments
// array, and with a literal side (`{"==": [{"var": "media_channel"}, "direct_mail"]}`) read as a
// constant instead of through a closure.
function compileStandard(op: string, std: (...a: unknown[]) => unknown, nodes: Node[]): CompiledLogic {
  const args = nodes.map((n) => n.fn);
  const [a, b] = args;
  if (args.length === 2) {
    /* eslint-disable @typescript-eslint/no-explicit-any -- JsonLogic operators coerce like JavaScript's. */
    const kb = nodes[1].constant;
    if (kb) {
      const k = kb.value as any;
      switch (op) {
        case '==': return (d, c) => (a(d, c) as any) == k;
        case '===': return (d, c) => a(d, c) === k;
        case '!=': return (d, c) => (a(d, c) as any) != k;
        case '!==': return (d, c) => a(d, c) !== k;
        case '>': return (d, c) => (a(d, c) as any) > k;
        case '>=': return (d, c) => (a(d, c) as any) >= k;
        case '<': return (d, c) => (a(d, c) as any) < k;
        case '<=': return (d, c) => (a(d, c) as any) <= k;
        case 'in':
          // std's test of the list, done once: a list (or string) without indexOf answers false.
          if (!k || typeof k.indexOf === 'undefined') return (d, c) => (a(d, c), false);
          return (d, c) => k.indexOf(a(d, c)) !== -1;
      }
    }
    const ka = nodes[0].constant;
    if (ka) {
      const k = ka.value as any;
      switch (op) {
        case '==': return (d, c) => k == (b(d, c) as any);
        case '===': return (d, c) => k === b(d, c);
        case '!=': return (d, c) => k != (b(d, c) as any);
        case '!==': return (d, c) => k !== b(d, c);
      }
    }
    switch (op) {
      case '==': return (d, c) => (a(d, c) as any) == (b(d, c) as any);
      case '===': return (d, c) => a(d, c) === b(d, c);
      case '!=': return (d, c) => (a(d, c) as any) != (b(d, c) as any);
      case '!==': return (d, c) => a(d, c) !== b(d, c);
      case '>': return (d, c) => (a(d, c) as any) > (b(d, c) as any);
      case '>=': return (d, c) => (a(d, c) as any) >= (b(d, c) as any);
      case '<': return (d, c) => (a(d, c) as any) < (b(d, c) as any);
      case '<=': return (d, c) => (a(d, c) as any) <= (b(d, c) as any);
      case 'in': return (d, c) => std(a(d, c), b(d, c));
    }
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
  if (args.length === 1 && (op === '!' || op === '!!')) {
    return op === '!' ? (d, c) => !truthy(a(d, c)) : (d, c) => truthy(a(d, c));
  }
  return (d, c) => std(...args.map((f) => f(d, c)));
}

function compileVar(raw: unknown[], ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  const nodes = raw.map((a) => compileNode(a, ops, scoped, o));
  const nameNode = nodes[0] ?? literal(undefined);
  const defNode = nodes[1];
  const defConst = defNode === undefined ? { value: null } : defNode.constant;
  if (nameNode.constant && defConst) {
    const notFound = defConst.value === undefined ? null : defConst.value;
    const segs = splitVarName(nameNode.constant.value);
    if (segs === null) return { fn: (d) => d };
    if (!scoped && contextRoots.has(segs[0])) {
      // Resolved at compile time: which context entry, and the rest of the path.
      const rest = segs.slice(1);
      const key = rest.join('.');
      const read = (o.readers ?? pathReader)(rest, notFound);
      switch (segs[0]) {
        case '$prev': return { fn: (_d, c) => (c.prev === undefined ? notFound : read(c.prev)) };
        case '$options': return { fn: (_d, c) => c.optionIds[key] ?? notFound };
        case '$doc': return { fn: (_d, c) => read(c.doc) };
        default: return { fn: (d, c) => lookupRoot(d, segs, c, notFound) };
      }
    }
    return { fn: (o.readers ?? pathReader)(segs, notFound) };
  }
  const nameFn = nameNode.fn;
  const defFn = defNode?.fn;
  return {
    fn: (d, c) => {
      const def = defFn ? defFn(d, c) : undefined;
      const notFound = def === undefined ? null : def;
      const segs = splitVarName(nameFn(d, c));
      if (segs === null) return d;
      return scoped ? lookupPath(d, segs, notFound) : lookupRoot(d, segs, c, notFound);
    },
  };
}

function compileIf(raw: unknown[], ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  const fns = raw.map((a) => compileNode(a, ops, scoped, o).fn);
  if (fns.length === 3) {
    const [test, yes, no] = fns;
    return { fn: (d, c) => (truthy(test(d, c)) ? yes(d, c) : no(d, c)) };
  }
  return {
    fn: (d, c) => {
      let i = 0;
      for (; i < fns.length - 1; i += 2) if (truthy(fns[i](d, c))) return fns[i + 1](d, c);
      if (fns.length === i + 1) return fns[i](d, c);
      return null;
    },
  };
}

function compileAndOr(op: string, raw: unknown[], ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  const fns = raw.map((a) => compileNode(a, ops, scoped, o).fn);
  const wantTruthy = op === 'or';
  if (fns.length === 2) {
    const [a, b] = fns;
    return { fn: (d, c) => { const v = a(d, c); return truthy(v) === wantTruthy ? v : b(d, c); } };
  }
  return {
    fn: (d, c) => {
      let current: unknown;
      for (let i = 0; i < fns.length; i++) {
        current = fns[i](d, c);
        if (truthy(current) === wantTruthy) return current;
      }
      return current;
    },
  };
}

function compileScoped(op: string, raw: unknown[], ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  const list = compileNode(raw[0], ops, scoped, o).fn;
  const item = compileNode(raw[1], ops, true, o.readers ? { readers: o.readers } : noOptions).fn;
  switch (op) {
    case 'filter':
      return { fn: (d, c) => { const xs = list(d, c); return Array.isArray(xs) ? xs.filter((x) => truthy(item(x, c))) : []; } };
    case 'map':
      return { fn: (d, c) => { const xs = list(d, c); return Array.isArray(xs) ? xs.map((x) => item(x, c)) : []; } };
    case 'all':
      return {
        fn: (d, c) => {
          const xs = list(d, c);
          if (!Array.isArray(xs) || !xs.length) return false;
          for (const x of xs) if (!truthy(item(x, c))) return false;
          return true;
        },
      };
    case 'none':
      return {
        fn: (d, c) => {
          const xs = list(d, c);
          if (!Array.isArray(xs) || !xs.length) return true;
          for (const x of xs) if (truthy(item(x, c))) return false;
          return true;
        },
      };
    case 'some':
      return {
        fn: (d, c) => {
          const xs = list(d, c);
          if (!Array.isArray(xs) || !xs.length) return false;
          for (const x of xs) if (truthy(item(x, c))) return true;
          return false;
        },
      };
    default: {
      const initial = raw[2] !== undefined ? compileNode(raw[2], ops, scoped, o).fn : () => null;
      return {
        fn: (d, c) => {
          const xs = list(d, c);
          const init = initial(d, c);
          if (!Array.isArray(xs)) return init;
          return xs.reduce((accumulator: unknown, current: unknown) => item({ current, accumulator }, c), init);
        },
      };
    }
  }
}

function compileMissing(op: string, raw: unknown[], ops: OpRegistry, scoped: boolean, o: CompileOptions): Node {
  const args = raw.map((a) => compileNode(a, ops, scoped, o).fn);
  const missing = (keys: ArrayLike<unknown>, d: unknown, c: EvalContext): unknown[] => {
    const out: unknown[] = [];
    for (let i = 0; i < keys.length; i++) {
      const segs = splitVarName(keys[i]);
      const v = segs === null ? d : scoped ? lookupPath(d, segs, null) : lookupRoot(d, segs, c, null);
      if (v === null || v === '') out.push(keys[i]);
    }
    return out;
  };
  if (op === 'missing') {
    return {
      fn: (d, c) => {
        const vals = args.map((f) => f(d, c));
        return missing(Array.isArray(vals[0]) ? vals[0] : vals, d, c);
      },
    };
  }
  return {
    fn: (d, c) => {
      const need = args[0](d, c) as number;
      const options = args[1](d, c) as unknown[];
      const gone = missing(options, d, c);
      return options.length - gone.length >= need ? [] : gone;
    },
  };
}
