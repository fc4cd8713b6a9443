import type { Doc } from './types';

/** The value at a dotted path (`"delivery.delivery_method"`, `"panelists.0.age"`); `""` is the document. */
export function getAt(doc: unknown, path: string): unknown {
  if (path === '') return doc;
  let cur: unknown = doc;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * A copy of `doc` with `value` at `path`, copying only the objects on the path, so every other
 * path keeps its reference (the form store relies on that to re-render only the changed field).
 */
export function setAt<T extends Doc>(doc: T, path: string, value: unknown): T {
  if (path === '') return value as T;
  const keys = path.split('.');
  const write = (node: unknown, i: number): unknown => {
    const key = keys[i]!;
    const isIndex = /^\d+$/.test(key);
    const base: Record<string, unknown> | unknown[] =
      node !== null && typeof node === 'object' ? (Array.isArray(node) ? [...node] : { ...(node as Doc) }) : isIndex ? [] : {};
    const current = (base as Record<string, unknown>)[key];
    const next = i === keys.length - 1 ? value : write(current, i + 1);
    if (next === undefined && !Array.isArray(base)) delete (base as Record<string, unknown>)[key];
    else (base as Record<string, unknown>)[key] = next;
    return base;
  };
  return write(doc, 0) as T;
}
