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
  const byKey = new Map<string, { shapes: Map<string, Shape>; generated: number }>();
  return (base, head) => {
    const keys = Object.keys(base);
    let entry = byKey.get(head);
    if (!entry) {
      entry = { shapes: new Map(), generated: 0 };
      byKey.set(head, entry);
    }
    const signature = `${keys.length}\u0000${keys[0] ?? ''}\u0000${keys[keys.length - 1] ?? ''}`;
    const known = entry.shapes.get(signature);
    if (Object.getOwnPropertySymbols(base).length > 0) return spreadAdding(base, head);
    if (known && sameKeys(known.keys, keys)) return known.copy(base);
    if (entry.generated >= maxGenerationsPerKey || keys.length > maxKeys || head === '__proto__' || keys.includes('__proto__')) return spreadAdding(base, head);
    const props = [`${JSON.stringify(head)}: undefined`, ...keys.map((k) => `${JSON.stringify(k)}: b[${JSON.stringify(k)}]`)];
    // Keys enter only as JSON string literals (see above).
    const make = functions.make([], `"use strict"; return function copyAdding(b) { return { ${props.join(', ')} }; };`) as (() => Shape['copy']) | undefined;
    entry.generated++;
    if (!make) return spreadAdding(base, head);
    const copy = make();
    if (entry.shapes.size >= maxShapesPerKey) entry.shapes.delete(entry.shapes.keys().next().value as string);
    entry.shapes.set(signature, { keys, copy });
    return copy(base);
  };
}
