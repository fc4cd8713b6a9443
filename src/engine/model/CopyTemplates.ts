type Obj = Record<string, unknown>;

interface Template {
  /** The keys of the objects this template copies, in order (without the added key). */
  keys: string[];
  /** Those keys then the added one: copies are spread from it, so they share one hidden class. */
  template: Obj;
}

/**
 * Copies of plain objects with one key added, as `{ ...base, [key]: value }` gives them (same keys,
 * same order, same values), made fast. V8 gives `{ ...base }` a hidden class of its own, and adding a
 * key to it builds a new class each time, copying its descriptors: on the 84-key product root that
 * costs ~15-20 us per evaluation, more than the whole copy should. Spreading a template that already
 * has the key (`{ ...template, ...base }`) gives every copy the template's class instead, found
 * through the usual transitions, and later copies of the copy stay on the fast path too.
 *
 * One template per added key, kept while the objects it copies have the same keys in the same order
 * (checked on every copy; any other object rebuilds it). Held per engine: documents of one metadata.
 */
export class CopyTemplates {
  private readonly byKey = new Map<string, Template>();

  /** A copy of `base` with `key` (not an own key of `base`) added last; its value is left to the caller. */
  copyAdding(base: Obj, key: string): Obj {
    const keys = Object.keys(base);
    let t = this.byKey.get(key);
    if (!t || !sameKeys(t.keys, keys)) {
      const template: Obj = {};
      for (const k of keys) template[k] = null;
      template[key] = null;
      t = { keys, template };
      this.byKey.set(key, t);
    }
    // Every key of the template but `key` is overwritten by base's value (same keys, same order).
    const copy: Obj = { ...t.template, ...base };
    copy[key] = undefined;
    return copy;
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
