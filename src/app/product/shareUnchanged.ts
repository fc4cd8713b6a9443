const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * `next` with every part equal to the same part of `prev` replaced by `prev`'s object (itself when
 * wholly equal). A save's answer is a new copy of the whole product; sharing what it did not
 * change keeps the copy-on-write references the form subscribes by, so only changed fields redraw.
 */
export function shareUnchanged<T>(prev: unknown, next: T): T {
  if (prev === next || !isObject(prev) || !isObject(next) || Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const a = prev as unknown as unknown[];
    let same = a.length === next.length;
    const out = next.map((v, i) => {
      const shared = shareUnchanged(a[i], v);
      if (shared !== a[i]) same = false;
      return shared;
    });
    return (same ? prev : out) as T;
  }
  const a = prev as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(b);
  let same = keys.length === Object.keys(a).length;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const shared = shareUnchanged(a[k], b[k]);
    if (shared !== a[k] || !(k in a)) same = false;
    out[k] = shared;
  }
  return (same ? prev : out) as T;
}
