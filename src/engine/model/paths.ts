/** Dotted document paths (`delivery.delivery_method`, `panelists.0.stateID`). */
export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

export function getIn(doc: unknown, segs: readonly string[]): unknown {
  let d = doc;
  for (const s of segs) {
    if (d === null || d === undefined || typeof d !== 'object') return undefined;
    d = (d as Record<string, unknown>)[s];
  }
  return d;
}

/** A copy of `doc` with `value` at the path; only the containers along the path are copied. */
export function setIn(doc: unknown, segs: readonly string[], value: unknown): unknown {
  if (segs.length === 0) return value;
  const [head, ...rest] = segs;
  const base = doc !== null && typeof doc === 'object' ? doc : /^\d+$/.test(head) ? [] : {};
  const child = setIn((base as Record<string, unknown>)[head], rest, value);
  if (Array.isArray(base)) {
    const copy = base.slice();
    copy[Number(head)] = child;
    return copy;
  }
  return { ...(base as Record<string, unknown>), [head]: child };
}

/** A copy of an object that lacks `head`, with `head` added (undefined) first and every own enumerable property after. */
export type AddingCopier = (base: Record<string, unknown>, head: string) => Record<string, unknown>;

/**
 * The key first, then a spread: V8 gives a spread copy that later gains a key a new hidden class
 * each time (so every later read of the document misses its inline caches), while this literal's
 * shape is the same on every evaluation.
 */
export const spreadAdding: AddingCopier = (base, head) => ({ [head]: undefined, ...base });

/**
 * `setIn` that copies each container along the path once per `owned` list: a container copied
 * earlier with the same list is written in place, so three derived values do not copy the whole
 * document three times. Containers not in `owned` (the input document) are never written. A list,
 * not a Set: an evaluation copies a handful of containers, and a Set is a hash table allocated per
 * evaluation that hashes every container it is asked about.
 */
export function setInOwned(doc: unknown, segs: readonly string[], i: number, value: unknown, owned: object[], addingCopy: AddingCopier = spreadAdding): unknown {
  if (i === segs.length) return value;
  const head = segs[i];
  let base = (doc !== null && typeof doc === 'object' ? doc : /^\d+$/.test(head) ? [] : {}) as Record<string, unknown>;
  if (!owned.includes(base)) {
    base = Array.isArray(base) ? (base.slice() as unknown as Record<string, unknown>) : Object.hasOwn(base, head) ? { ...base } : addingCopy(base, head);
    owned.push(base);
  }
  base[head] = setInOwned(base[head], segs, i + 1, value, owned, addingCopy);
  return base;
}

/** Either path is a prefix of the other (segment-wise): a change to one touches the other. */
export function pathsOverlap(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i] && a[i] !== '*' && b[i] !== '*') return false;
  return true;
}
