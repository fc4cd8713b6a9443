import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { generatedReaders, lookupPath, pathReader } from '../../../src/engine/logic/lookupVar';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

// Issue 17 item 2: on the server `var` paths compile to generated functions (each path its own
// inline caches). They must read exactly what the closures read, and a path is data, never code.
describe('generated var readers', () => {
  const read = generatedReaders();
  const docs: unknown[] = [
    null,
    undefined,
    {},
    { a: null },
    { a: { b: null } },
    { a: { b: { c: 0 } } },
    { a: { b: { c: '' } } },
    { a: { b: { c: false, d: [10, 20] } } },
    { a: [{ b: 'x' }] },
    { a: 'text' },
    [{ a: 1 }],
  ];
  const paths = [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'd', '1'], ['a', '0', 'b'], ['a', 'length'], ['0', 'a'], ['a', 'b', 'c', 'd', 'e']];

  it('answer as lookupPath and the closures do, with every kind of default', () => {
    for (const notFound of [null, 0, 'none', false, { fallback: true }]) {
      for (const segs of paths) {
        const generated = read(segs, notFound);
        const closure = pathReader(segs, notFound);
        for (const d of docs) {
          expect(generated(d), `${segs.join('.')} of ${JSON.stringify(d)}`).toStrictEqual(lookupPath(d, segs, notFound));
          expect(generated(d)).toStrictEqual(closure(d));
        }
      }
    }
  });

  it('read segments with quotes, backslashes and line separators as property names', () => {
    const names = ['"]; throw new Error("injected"); //', "it's", 'back\\slash', 'line\u2028sep', '__proto__', 'constructor'];
    for (const name of names) {
      const doc = JSON.parse(JSON.stringify({ [name]: { v: name } })) as Record<string, unknown>;
      expect(read([name, 'v'], null)(doc)).toBe(name);
    }
  });

  it('are shared per path and default', () => {
    expect(read(['a', 'b'], null)).toBe(read(['a', 'b'], null));
    expect(read(['a', 'b'], null)).not.toBe(read(['a', 'b'], 0));
    expect(read(['a', 'b'], 0)).not.toBe(read(['a', 'b'], '0'));
  });

  it('give the same view model as closures on the bench product, for every action', () => {
    const metadata = loadMetadataFromDir(projectRoot);
    const doc = JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/metadata-bench/full-product.json'), 'utf8')) as Record<string, unknown>;
    const closures = createEngine(metadata, { now: () => '2024-06-01' });
    const generated = createEngine(metadata, { now: () => '2024-06-01', codeGeneration: true });
    const edited = { ...doc, media_channel: 2, panelists: [] };
    for (const d of [doc, edited, {}]) {
      for (const action of [null, 'save', 'approve', 'flag', 'reprocess']) {
        const a = closures.evaluate(d, { action, prev: doc });
        const b = generated.evaluate(d, { action, prev: doc });
        expect(JSON.stringify(b), `${action}`).toBe(JSON.stringify(a));
      }
    }
  });
});
