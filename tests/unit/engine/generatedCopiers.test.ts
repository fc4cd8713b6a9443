import { describe, expect, it } from 'vitest';
import { generatedCopiers } from '../../../src/engine/model/generatedCopiers';
import { spreadAdding, type AddingCopier } from '../../../src/engine/model/paths';
import { templateCopiers } from '../../../src/engine/model/templateCopiers';

// Issue 17 item 2: with code generation the derive phase copies a document that gains a key with a
// generated object literal per shape; without it (the browser), from a template per shape (issue 31
// item 5). Either must give what the spread gives, whatever the object.
describe.each([
  ['generated', generatedCopiers],
  ['template', templateCopiers],
] as Array<[string, () => AddingCopier]>)('%s adding copies', (_name, copiers) => {
  const same = (a: object, b: object) => {
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    expect(Reflect.ownKeys(a)).toEqual(Reflect.ownKeys(b));
    for (const k of Reflect.ownKeys(a)) expect(Object.getOwnPropertyDescriptor(a, k)).toEqual(Object.getOwnPropertyDescriptor(b, k));
  };

  it('copies like the spread: new key first, then every own enumerable key in order, values shared', () => {
    const copy = copiers();
    const nested = { x: 1 };
    const docs: Array<Record<string, unknown>> = [
      { b: 1, a: nested, 2: 'two', 1: 'one', 'with "quotes"': 'q', 'back\\slash': true, 'line\u2028sep': null },
      {},
      JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>,
      Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 }),
      Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false }),
      { a: 1, [Symbol('s')]: 2 } as Record<string, unknown>,
    ];
    for (const doc of docs) {
      for (let round = 0; round < 3; round++) {
        const got = copy(doc, 'derived_key');
        same(got, spreadAdding(doc, 'derived_key'));
        expect(got).not.toBe(doc);
      }
    }
    const got = copy(docs[0], 'derived_key');
    expect(Object.keys(got)).toEqual(['1', '2', 'derived_key', 'b', 'a', 'with "quotes"', 'back\\slash', 'line\u2028sep']);
    expect(got.a).toBe(nested);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('adds a __proto__ key as an own property, as the spread does', () => {
    const got = copiers()({ a: 1 }, '__proto__');
    same(got, spreadAdding({ a: 1 }, '__proto__'));
    expect(Object.hasOwn(got, '__proto__')).toBe(true);
  });

  it('follows a changed shape and keeps copying right when shapes keep changing', () => {
    const copy = copiers();
    for (let i = 0; i < 200; i++) {
      const doc: Record<string, unknown> = { [`k${i % 13}`]: i, common: 'c', [`z${i % 7}`]: -i };
      same(copy(doc, 'derived_key'), spreadAdding(doc, 'derived_key'));
    }
  });

  it('takes every value from the object copied, never from an earlier one of the same shape', () => {
    const copy = copiers();
    for (let i = 0; i < 5; i++) {
      const doc = { a: i, b: { n: i }, c: i % 2 ? null : [i] };
      const got = copy(doc, 'derived_key');
      same(got, spreadAdding(doc, 'derived_key'));
      expect(got.b).toBe(doc.b);
    }
  });
});
