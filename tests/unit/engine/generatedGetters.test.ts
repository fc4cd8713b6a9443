import { describe, expect, it } from 'vitest';
import { runtimeFunctions } from '../../../src/engine/logic/FunctionSource';
import { pathGetters } from '../../../src/engine/model/generatedGetters';
import { getIn } from '../../../src/engine/model/paths';

// Issue 31 item 5: the phases read the document through a getter per path (generated where the
// engine may make code); each must answer what getIn answers, whatever the document holds.
describe.each([
  ['generated', () => pathGetters(runtimeFunctions)],
  ['closure', () => pathGetters()],
])('%s path getters', (_name, getters) => {
  const paths = [[], ['a'], ['a', 'b'], ['a', '0', 'c'], ['s', 'length'], ['s', '0'], ['n', 'toFixed'], ['with "quotes"', 'back\\slash'], ['__proto__'], ['a', 'b', 'c', 'd', 'e']];
  const docs: unknown[] = [
    { a: { b: 1 }, s: 'text', n: 5, 'with "quotes"': { 'back\\slash': true } },
    { a: [{ c: 'x' }, null], s: null },
    { a: { b: { c: { d: { e: 0 } } } } },
    { a: null },
    { a: { b: undefined } },
    [1, 2],
    'a string',
    null,
    undefined,
    Object.create({ a: { b: 'inherited' } }) as unknown,
  ];

  it('answers getIn for every path on every document', () => {
    const get = getters();
    for (const segs of paths) for (const doc of docs) expect(get(segs)(doc)).toBe(getIn(doc, segs));
  });

  it('makes one getter per path', () => {
    const get = getters();
    expect(get(['a', 'b'])).toBe(get(['a', 'b']));
    expect(get(['a', 'b'])).not.toBe(get(['a.b']));
  });
});
