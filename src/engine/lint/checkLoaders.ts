import type { MetadataModel } from '../model/MetadataModel';
import { splitPath } from '../model/paths';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import type { LintProblem } from '../types';
import { jsonPath } from './jsonPath';

type Obj = Record<string, unknown>;
type Seg = string | number;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Placeholders a loader may use besides field paths: the route's id, and `$item` (a value of its `each` list). */
const routeParams = new Set(['id', 'muid']);
const isItem = (name: string) => name === '$item' || name.startsWith('$item.');

function fieldExists(name: string, blockPath: string, model: MetadataModel): boolean {
  const segs = splitPath(name);
  if (resolveSchemaPath(model.rootSchema, segs, model)) return true;
  return !!blockPath && !!resolveSchemaPath(model.rootSchema, [...splitPath(blockPath), ...segs], model);
}

/**
 * Per-section loader annotations (`x-loader`, on a block or a field): every `{placeholder}` in a
 * path and every name in a `fields` list must name a field of the document (or the route's id).
 */
export function checkLoaders(model: MetadataModel, add: (p: LintProblem) => void): void {
  for (const b of model.blocks) {
    const visit = (node: unknown, at: Seg[], inLoader: boolean) => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => visit(n, [...at, i], inLoader));
        return;
      }
      if (typeof node === 'string' && inLoader) {
        for (const m of node.matchAll(/\{([$\w.]+)\}/g)) {
          if (!routeParams.has(m[1]) && !isItem(m[1]) && !fieldExists(m[1], b.path, model)) add({ file: b.file, path: jsonPath(at), message: `loader placeholder {${m[1]}} names no field` });
        }
        return;
      }
      if (!isObj(node)) return;
      for (const [k, v] of Object.entries(node)) {
        if (inLoader && k === 'fields' && Array.isArray(v)) {
          v.forEach((name, i) => {
            if (typeof name === 'string' && !fieldExists(name, b.path, model)) add({ file: b.file, path: jsonPath([...at, k, i]), message: `loader field "${name}" names no field` });
          });
        } else if (inLoader && k === 'each' && typeof v === 'string') {
          if (!fieldExists(v, b.path, model)) add({ file: b.file, path: jsonPath([...at, k]), message: `loader list "${v}" names no field` });
        } else if (inLoader && k === 'when') {
          // json-logic: its vars are checked with the rules' lint, not as placeholders.
        } else visit(v, [...at, k], inLoader || k === 'x-loader');
      }
    };
    visit(b.schema, [], false);
  }
}
