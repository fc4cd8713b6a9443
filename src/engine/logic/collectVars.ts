import { argsOf, isLogic, operatorOf } from './isLogic';
import { scopedOps } from './standardOps';

export interface RootVars {
  /** Literal var names read at root scope (also the keys of `missing`/`missing_some`). */
  names: string[];
  /** A var name is computed at run time: the rule may read anything. */
  dynamic: boolean;
}

/**
 * The var names a rule reads from its root data. Logic inside map/filter/some/all/none/reduce
 * reads the current item, so only the collection argument counts there.
 */
export function collectRootVars(logic: unknown, out: RootVars = { names: [], dynamic: false }): RootVars {
  if (Array.isArray(logic)) {
    for (const l of logic) collectRootVars(l, out);
    return out;
  }
  if (!isLogic(logic)) return out;
  const op = operatorOf(logic);
  const args = argsOf(logic);
  if (op === 'var') {
    const name = args[0];
    if (isLogic(name) || Array.isArray(name)) {
      out.dynamic = true;
      collectRootVars(name, out);
    } else if (name !== undefined && name !== null && name !== '') out.names.push(String(name));
    collectRootVars(args.slice(1), out);
    return out;
  }
  if (op === 'missing' || op === 'missing_some') {
    const keys = op === 'missing' ? args : [args[1]];
    for (const k of keys) {
      if (Array.isArray(k) && k.every((x) => typeof x === 'string')) out.names.push(...(k as string[]));
      else if (typeof k === 'string') out.names.push(k);
      else {
        out.dynamic = true;
        collectRootVars(k, out);
      }
    }
    return out;
  }
  if (scopedOps.has(op)) {
    collectRootVars(args[0], out);
    if (op === 'reduce') collectRootVars(args[2], out);
    return out;
  }
  return collectRootVars(args, out);
}
