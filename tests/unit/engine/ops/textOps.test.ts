import { describe, expect, it } from 'vitest';
import { floorDiv, matches } from '../../../../src/engine/ops/textOps';

describe('matches and floor_div', () => {
  it('matches: regular expression test (entry id begins with a date)', () => {
    expect(matches('2024-05-01-abc', '^\\d{4}-\\d{2}-\\d{2}')).toBe(true);
    expect(matches('abc-2024-05-01', '^\\d{4}-\\d{2}-\\d{2}')).toBe(false);
    expect(matches(null, '.*')).toBe(false);
    expect(matches(12345, '^\\d{1,6}$')).toBe(true);
  });

  it('floor_div: division rounded down (age decade bucket), null for bad input', () => {
    expect(floorDiv(35, 10)).toBe(3);
    expect(floorDiv('70', 10)).toBe(7);
    expect(floorDiv(null, 10)).toBeNull();
    expect(floorDiv(5, 0)).toBeNull();
  });
});
