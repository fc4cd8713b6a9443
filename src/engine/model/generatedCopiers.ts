import { runtimeFunctions, type FunctionSource } from '../logic/FunctionSource';
import { spreadAdding, type AddingCopier } from './paths';

/** Object shapes remembered per added key, and generated copiers per key before falling back for good. */
const maxShapesPerKey = 8;
const maxGenerationsPerKey = 64;
const maxKeys = 500;

interface Shape {
  keys: string[];
  copy: (base: Record<string, unknown>) => Record<string, unknown>;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * `spreadAdding` as generated code, where the host allows code generation (the engine's
 * `codeGeneration`): per added key and object shape (its own keys, in order), a function returning
 * one object literal with the new key first and every property read by name. V8 builds that from a
 * boilerplate with monomorphic loads, where the spread copies property by property (about 2.5 us
 * for the 84 keys of a product's root, 8% of an evaluation). Keys enter the source only as JSON
 * string literals. Same result as `spreadAdding`; objects it cannot copy exactly this way (an own
 * `__proto__` key, symbol keys) and shapes beyond the limits above take the spread.
 */
export function generatedCopiers(functions: FunctionSource = runtimeFunctions): AddingCopier {
  // Per added key its shapes, most recent last: a few at most, so a scan by key count and keys
  // (no signature string made and hashed per copy).
  const byKey = new Map<string, { shapes: Shape[]; generated: number }>();
  return (base, head) => {
    const keys = Object.keys(base);
    let entry = byKey.get(head);
    if (!entry) {
      entry = { shapes: [], generated: 0 };
      byKey.set(head, entry);
    }
    if (Object.getOwnPropertySymbols(base).length > 0) return spreadAdding(base, head);
    const shapes = entry.shapes;
    for (let s = shapes.length - 1; s >= 0; s--) if (sameKeys(shapes[s].keys, keys)) return shapes[s].copy(base);
    if (entry.generated >= maxGenerationsPerKey || keys.length > maxKeys || head === '__proto__' || keys.includes('__proto__')) return spreadAdding(base, head);
    const props = [`${JSON.stringify(head)}: undefined`, ...keys.map((k) => `${JSON.stringify(k)}: b[${JSON.stringify(k)}]`)];
    // Keys enter only as JSON string literals (see above).
    const make = functions.make([], `"use strict"; return function copyAdding(b) { return { ${props.join(', ')} }; };`) as (() => Shape['copy']) | undefined;
    entry.generated++;
    if (!make) return spreadAdding(base, head);
    const copy = make();
    if (shapes.length >= maxShapesPerKey) shapes.shift();
    shapes.push({ keys, copy });
    return copy(base);
  };
}
