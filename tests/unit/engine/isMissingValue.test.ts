import { describe, expect, it } from 'vitest';
import { isMissingValue } from '../../../src/engine/evaluate/isMissingValue';

describe('isMissingValue (what a required rule refuses)', () => {
  it('counts empty values and text of blanks alone as missing', () => {
    for (const v of [undefined, null, '', [], {}, ' ', '  \n\t ']) expect(isMissingValue(v), JSON.stringify(v)).toBe(true);
  });
  it('counts any other value as given, zero and false included', () => {
    for (const v of ['x', ' a ', 0, false, [0], { a: 1 }]) expect(isMissingValue(v), JSON.stringify(v)).toBe(false);
  });
});
