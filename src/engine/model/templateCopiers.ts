import { spreadAdding, type AddingCopier } from './paths';

/** Shapes remembered per added key before falling back to the spread for good. */
const maxShapesPerKey = 8;
const maxKeys = 500;

interface Shape {
  keys: string[];
  /** An object of the copy's shape: the added key first, then the shape's keys; every value undefined. */
  template: Record<string, unknown>;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * `spreadAdding` without code generation (the browser, whose CSP forbids eval): per added key and
 * object shape (its own keys, in order), a template made once by the spread, values cleared; a copy
 * clones the template and assigns the values. The spread grows its copy key by key after the new
 * key (the properties' store reallocated as it grows); a template's clone has its final shape and
 * size at once, and every key then exists on it, so the assignment only overwrites (Object.assign's
 * [[Set]] on own data properties: the same result as the spread's definitions). Same result as
 * `spreadAdding`; an own `__proto__` key and shapes beyond the limits above take the spread.
 */
export function templateCopiers(): AddingCopier {
  const byKey = new Map<string, Shape[]>();
  return (base, head) => {
    const keys = Object.keys(base);
    let shapes = byKey.get(head);
    if (!shapes) byKey.set(head, (shapes = []));
    for (let s = 0; s < shapes.length; s++) {
      if (sameKeys(shapes[s].keys, keys)) return Object.assign({ ...shapes[s].template }, base);
    }
    // A template holds string keys only: Object.assign adds a base's symbol keys after them, as the spread does.
    if (shapes.length >= maxShapesPerKey || keys.length > maxKeys || head === '__proto__' || keys.includes('__proto__') || Object.getOwnPropertySymbols(base).length > 0) {
      return spreadAdding(base, head);
    }
    const template = spreadAdding(base, head);
    for (const k in template) template[k] = undefined;
    shapes.push({ keys, template });
    return Object.assign({ ...template }, base);
  };
}
