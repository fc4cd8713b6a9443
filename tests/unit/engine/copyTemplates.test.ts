import { describe, expect, it } from 'vitest';
import { CopyTemplates } from '../../../src/engine/model/CopyTemplates';
import { setInOwned } from '../../../src/engine/model/paths';

type Obj = Record<string, unknown>;
const spreadAdding = (base: Obj, key: string, value: unknown): Obj => ({ ...base, [key]: value });
const asJson = (o: unknown) => JSON.stringify(o);

describe('copies through templates', () => {
  it('equal a spread with the key added: same keys in the same order, same values, the input untouched', () => {
    const t = new CopyTemplates();
    const bases: Obj[] = [
      { a: 1, b: { c: 2 }, d: [1, 2], e: null, f: 'x' },
      { a: 3, b: null, d: [], e: true, f: 'y' },
      { f: 1, a: 2 },
      { '2': 'two', z: 1, '1': 'one' },
      {},
      { a: undefined, b: 1 },
    ];
    for (let round = 0; round < 2; round++) {
      for (const base of bases) {
        const before = structuredClone(base);
        const copy = t.copyAdding(base, 'added');
        copy.added = round;
        const want = spreadAdding(base, 'added', round);
        expect(Object.keys(copy)).toEqual(Object.keys(want));
        expect(asJson(copy)).toBe(asJson(want));
        expect(copy).toEqual(want);
        expect(base).toEqual(before);
        expect('added' in base).toBe(false);
        expect(copy).not.toBe(base);
      }
    }
  });

  it('is used by setInOwned only where a key is added, and writes the same document as without it', () => {
    const doc: Obj = { a: 1, nested: { x: 1 }, list: [{ y: 1 }] };
    for (const segs of [['new_key'], ['a'], ['nested', 'x'], ['nested', 'z'], ['list', '0', 'w'], ['list', '1'], ['missing', 'deep']]) {
      const plain = setInOwned(doc, segs, 0, 'v', new Set());
      const templated = setInOwned(doc, segs, 0, 'v', new Set(), new CopyTemplates());
      expect(asJson(templated), segs.join('.')).toBe(asJson(plain));
    }
    expect(doc).toEqual({ a: 1, nested: { x: 1 }, list: [{ y: 1 }] });
  });

  it('writes a second key into its own copy in place and keeps the key order of successive writes', () => {
    const t = new CopyTemplates();
    const doc: Obj = { a: 1, b: 2 };
    const owned = new Set<object>();
    let w = setInOwned(doc, ['c'], 0, 3, owned, t);
    w = setInOwned(w, ['d'], 0, 4, owned, t);
    w = setInOwned(w, ['a'], 0, 0, owned, t);
    expect(Object.entries(w as Obj)).toEqual([['a', 0], ['b', 2], ['c', 3], ['d', 4]]);
    expect(doc).toEqual({ a: 1, b: 2 });
  });
});
