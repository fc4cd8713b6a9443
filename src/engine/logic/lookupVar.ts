import type { EvalContext } from './EvalContext';

/** json-logic-js `var` on already-split path segments. */
export function lookupPath(data: unknown, segs: readonly string[], notFound: unknown): unknown {
  let d = data;
  for (let i = 0; i < segs.length; i++) {
    if (d === null || d === undefined) return notFound;
    d = (d as Record<string, unknown>)[segs[i]];
    if (d === undefined) return notFound;
  }
  return d;
}

/** Root-scope names served from the context instead of the document. */
export const contextRoots = new Set(['$now', '$action', '$prev', '$options', '$doc']);

/**
 * `var` at root scope: `$now`, `$action`, `$prev.*` and `$options.<field path>` come from the
 * context (the same values json-logic-js sees when they are added to the data), the rest from data.
 */
export function lookupRoot(data: unknown, segs: readonly string[], ctx: EvalContext, notFound: unknown): unknown {
  switch (segs[0]) {
    case '$now':
      return segs.length === 1 ? ctx.now : notFound;
    case '$action':
      return segs.length === 1 ? ctx.action : notFound;
    case '$prev':
      return ctx.prev === undefined ? notFound : lookupPath(ctx.prev, segs.slice(1), notFound);
    case '$doc':
      return lookupPath(ctx.doc, segs.slice(1), notFound);
    case '$options': {
      const ids = ctx.optionIds[segs.length === 2 ? segs[1] : segs.slice(1).join('.')];
      return ids === undefined ? notFound : ids;
    }
    default:
      return lookupPath(data, segs, notFound);
  }
}

export function splitVarName(name: unknown): string[] | null {
  if (name === undefined || name === '' || name === null) return null;
  return String(name).split('.');
}
