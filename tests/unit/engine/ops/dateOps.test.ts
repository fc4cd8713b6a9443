import { describe, expect, it } from 'vitest';
import { dateGe, dateGt, dateLe, dateLt, dateMax, dateMin } from '../../../../src/engine/ops/dateOps';

describe('date operations on YYYY-MM-DD', () => {
  it('date_lt, date_le, date_gt, date_ge compare days', () => {
    expect(dateLt('2024-04-30', '2024-05-01')).toBe(true);
    expect(dateLt('2024-05-01', '2024-05-01')).toBe(false);
    expect(dateLe('2024-05-01', '2024-05-01')).toBe(true);
    expect(dateGt('2024-05-02', '2024-05-01')).toBe(true);
    expect(dateGe('2024-05-01', '2024-05-01')).toBe(true);
    expect(dateGt('2024-05-02T10:00:00Z', '2024-05-01')).toBe(true);
  });

  it('are false when either side is empty or not a date', () => {
    for (const f of [dateLt, dateLe, dateGt, dateGe]) {
      expect(f('', '2024-05-01')).toBe(false);
      expect(f(null, '2024-05-01')).toBe(false);
      expect(f('2024-05-01', undefined)).toBe(false);
      expect(f('05/01/2024', '2024-05-01')).toBe(false);
    }
  });

  it('date_max and date_min of a list, null when none', () => {
    expect(dateMax(['2024-05-01', '2024-05-03', null, '2024-04-30'])).toBe('2024-05-03');
    expect(dateMin(['2024-05-01', '2024-05-03', '', '2024-04-30'])).toBe('2024-04-30');
    expect(dateMax([])).toBeNull();
    expect(dateMin(null)).toBeNull();
  });
});
