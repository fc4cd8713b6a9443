/** More changed paths than this: a full evaluation is as cheap as the incremental one. */
const MAX_PATHS = 16;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The paths where two copy-on-write documents differ: objects are walked only where their
 * references differ; an array, a value or a change of kind is one path. Null when more than
 * MAX_PATHS differ (or the roots are not objects): evaluate the whole document then.
 */
export function changedPaths(prev: unknown, next: unknown): string[] | null {
  if (!isPlainObject(prev) || !isPlainObject(next)) return null;
  const out: string[] = [];
  const walk = (a: Record<string, unknown>, b: Record<string, unknown>, base: string): boolean => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      const path = base ? `${base}.${key}` : key;
      if (isPlainObject(x) && isPlainObject(y)) {
        if (!walk(x, y, path)) return false;
      } else {
        out.push(path);
        if (out.length > MAX_PATHS) return false;
      }
    }
    return true;
  };
  return walk(prev, next, '') ? out : null;
}
