import { withoutPaths } from '../../engine/model/transientPaths';
import { isEmptyValue } from '../../ui/form/isEmptyValue';
import type { Doc } from '../../ui/form/types';

/**
 * Whether two versions of a product would be stored alike: editor state (`editorState`, the
 * transient paths) is left out, and "not entered" values (missing, null, '', []) are equal, so a
 * field typed into and erased again is no change.
 */
export function sameProduct(a: Doc, b: Doc, editorState: readonly string[][]): boolean {
  return sameValue(withoutPaths(a, editorState), withoutPaths(b, editorState));
}

/** Two values stored alike ("not entered" values equal). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameValue(v, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of Object.keys(ra)) if (!sameValue(ra[k], rb[k])) return false;
  for (const k of Object.keys(rb)) if (!(k in ra) && !isEmptyValue(rb[k])) return false;
  return true;
}
