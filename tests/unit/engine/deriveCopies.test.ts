import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

// The derive phase copies each container once per evaluation and writes its own copies in place:
// the input document (and the data explain reads) must never change.
describe('derived values', () => {
  const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-01' });
  const doc = JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/metadata-bench/full-product.json'), 'utf8')) as Record<string, unknown>;

  it('leave the input untouched and land in a new document, however many there are', () => {
    const before = structuredClone(doc);
    const vm = engine.evaluate(doc, { action: 'approve', prev: doc });
    expect(Object.keys(vm.derived).length).toBeGreaterThanOrEqual(3);
    // The save's hidden policy empties a value too, writing into derive's copy of the root, never the input.
    expect(vm.dropped.length).toBeGreaterThan(0);
    for (const path of vm.dropped) expect(doc[path], path).not.toBeNull();
    expect(doc).toEqual(before);
    expect(vm.document).not.toBe(doc);
    for (const [path, value] of Object.entries(vm.derived)) {
      const v = path.split('.').reduce<unknown>((d, k) => (d as Record<string, unknown> | undefined)?.[k], vm.document);
      expect(v ?? null, path).toEqual(value);
    }
    // A derived key the input lacks is added (setInOwned puts it first in the copy), every input key kept.
    expect(Object.hasOwn(doc, 'earliest_panelist_date')).toBe(false);
    expect(Object.keys(vm.document as object)).toEqual(expect.arrayContaining([...Object.keys(doc), 'earliest_panelist_date']));
    // The same input again gives the same result (nothing of the first run leaked into it).
    expect(engine.evaluate(doc, { action: 'approve', prev: doc }).derived).toEqual(vm.derived);
  });
});
