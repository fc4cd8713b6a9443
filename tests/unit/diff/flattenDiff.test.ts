import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/engine/diff';
import { describeLeaf, flattenDiff } from '../../../src/engine/diff/flattenDiff';

describe('canonicalJson and flattenDiff', () => {
  it('gives equal text for equal values whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('lists differing leaves, arrays compared whole', () => {
    const d = flattenDiff({ 'x-ui': { order: 1, widget: 'text' }, list: [1, 2] }, { 'x-ui': { order: 2, widget: 'text', unit: '%' }, list: [1, 2] });
    expect(d.map(describeLeaf)).toEqual(['x-ui.order: 1 → 2', 'x-ui.unit set to "%"']);
    expect(flattenDiff({ a: [1, 2] }, { a: [2, 1] }).map(describeLeaf)).toEqual(['a: [1,2] → [2,1]']);
  });
});
