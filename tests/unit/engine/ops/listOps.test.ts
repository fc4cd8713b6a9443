import { describe, expect, it } from 'vitest';
import { count, difference, hasDupes, intersects, isEmptyValue, maxGroup, pluck, union, uniq, uniqBy } from '../../../../src/engine/ops/listOps';

describe('list operations', () => {
  it('empty: null, undefined, "", [] and {} only', () => {
    for (const v of [null, undefined, '', [], {}]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, ' ', [0], { a: 1 }]) expect(isEmptyValue(v)).toBe(false);
  });

  it('count: array or string length, 0 otherwise', () => {
    expect(count([1, 2, 3])).toBe(3);
    expect(count('abcd')).toBe(4);
    expect(count(null)).toBe(0);
    expect(count(7)).toBe(0);
  });

  it('intersects', () => {
    expect(intersects([1, 2], [2, 3])).toBe(true);
    expect(intersects([1, 2], [3])).toBe(false);
    expect(intersects(null, [3])).toBe(false);
    expect(intersects(4, [3, 4])).toBe(true);
  });

  it('pluck: the field of every item, null where missing', () => {
    expect(pluck([{ stateID: 5 }, { stateID: 6 }, {}], 'stateID')).toEqual([5, 6, null]);
    expect(pluck(null, 'x')).toEqual([]);
  });

  it('uniq, union, difference keep first-seen order', () => {
    expect(uniq([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
    expect(union([5, 6], [6, 7], [5])).toEqual([5, 6, 7]);
    expect(difference([5, 0, 6, 0], [0])).toEqual([5, 6]);
    expect(uniq([{ a: 1 }, { a: 1 }])).toEqual([{ a: 1 }]);
  });

  it('max_group: size of the largest group equal on the keys', () => {
    const promos = [
      ...Array.from({ length: 10 }, () => ({ promotion_company: 1, product_type: 266 })),
      { promotion_company: 1, product_type: 559 },
    ];
    expect(maxGroup(promos, ['promotion_company', 'product_type'])).toBe(10);
    expect(maxGroup([...promos, { promotion_company: 1, product_type: 266 }], ['promotion_company', 'product_type'])).toBe(11);
    expect(maxGroup([], ['a'])).toBe(0);
  });

  it('max_group of a short list (compared pair by pair) answers as grouping by key strings (a long list)', () => {
    // Values that compare loosely or print alike: 1 and "1", null and a missing key, 0 and -0, NaN, objects by JSON, NUL in strings.
    const values = [1, '1', null, undefined, 0, -0, NaN, true, 'true', { a: 1 }, { a: 1 }, [1], '1\u0000', 'a\u0000string1', ''];
    const pick = (seed: number) => values[seed % values.length];
    // Padding with items unique on the keys sends the list past the pair-by-pair length to the key strings.
    const padding = Array.from({ length: 20 }, (_, i) => ({ a: `pad${i}`, b: i }));
    for (let seed = 0; seed < 400; seed++) {
      const n = 2 + (seed % 7);
      const list = Array.from({ length: n }, (_, i) => ({ a: pick(seed * 7 + i * 3), b: pick(seed + i * (seed % 3)) }));
      expect(maxGroup(list, ['a', 'b']), JSON.stringify(list)).toBe(maxGroup([...list, ...padding], ['a', 'b']));
    }
    expect(maxGroup([{ a: 1 }, { a: '1' }, { a: 1 }], ['a'])).toBe(2);
    expect(maxGroup([{ a: NaN }, { a: NaN }], ['a'])).toBe(2);
    expect(maxGroup([{ a: null }, {}], ['a'])).toBe(2);
  });

  it('has_dupes and uniq_by on identifying keys', () => {
    const p = (panelist_id: number, pp_date = '2024-05-01') => ({ pp_date, panelist_id, competi_id: 2, invitation_id: 3, tracking_id: '1234' });
    const keys = ['pp_date', 'panelist_id', 'competi_id', 'invitation_id', 'tracking_id'];
    expect(hasDupes([p(1), p(2)], keys)).toBe(false);
    expect(hasDupes([p(1), p(2), p(1)], keys)).toBe(true);
    expect(hasDupes([p(1), p(1, '2024-05-02')], keys)).toBe(false);
    expect(uniqBy([p(1), p(2), p(1)], keys)).toEqual([p(1), p(2)]);
    expect(hasDupes([1, 2, 1])).toBe(true);
  });
});
