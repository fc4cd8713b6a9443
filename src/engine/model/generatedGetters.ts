import type { FunctionSource } from '../logic/FunctionSource';
import { getIn } from './paths';

/** `getIn` for one path known when the engine is built. */
export type PathGetter = (doc: unknown) => unknown;

/** Makes the getter of a path; the same function for the same path. */
export type PathGetters = (segs: readonly string[]) => PathGetter;

/**
 * `getIn` per path, as generated code where `functions` can make it (the server's `new Function`,
 * the browser's build-time module): `getIn` shares one keyed load among every path it reads (the
 * hidden policy's 200 clear fields, the checks' targets), so that load is megamorphic; a getter of
 * its own per path loads each key by name through its own inline cache. Same semantics as `getIn`;
 * path segments enter the source only as JSON string literals. Without `functions`, or where it
 * cannot make one, the getter calls `getIn`.
 */
export function pathGetters(functions?: FunctionSource): PathGetters {
  const cache = new Map<string, PathGetter>();
  return (segs) => {
    const key = JSON.stringify(segs);
    let getter = cache.get(key);
    if (getter) return getter;
    let body = '';
    for (const seg of segs) body += `if (d === null || typeof d !== "object") return undefined; d = d[${JSON.stringify(seg)}]; `;
    const make = segs.length ? (functions?.make([], `"use strict"; return function getPath(d) { ${body}return d; };`) as (() => PathGetter) | undefined) : undefined;
    getter = make ? make() : (doc: unknown) => getIn(doc, segs);
    cache.set(key, getter);
    return getter;
  };
}
