import { describe, expect, it } from 'vitest';
import { dateGe, dateGt, dateLe, dateLt, dateMax, dateMin, toDay } from '../../../../src/engine/ops/dateOps';

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

  it('takes a date where the text begins with YYYY-MM-DD (ASCII digits), as /^\\d{4}-\\d{2}-\\d{2}/ decides', () => {
    // Seeded strings of digits, dashes and look-alikes (a full-width digit, a letter, T), some 10 long.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = ['0', '1', '9', '-', '/', 'T', 'a', '\uff11', ' ', ':'];
    for (let n = 0; n < 3000; n++) {
      const base = next() < 0.5 ? '2024-05-01' : '';
      let v = base;
      const length = Math.floor(next() * 14);
      for (let i = 0; i < length; i++) v += alphabet[Math.floor(next() * alphabet.length)];
      if (base && next() < 0.5) v = v.slice(0, 3) + alphabet[Math.floor(next() * alphabet.length)] + v.slice(4);
      expect(toDay(v), JSON.stringify(v)).toBe(v.length >= 10 && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
    }
    expect(toDay('2024-05-01T10:00:00Z')).toBe('2024-05-01');
    expect(toDay(20240501)).toBeNull();
  });
});
