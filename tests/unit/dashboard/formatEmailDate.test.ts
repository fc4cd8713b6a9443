import { describe, expect, it } from 'vitest';
import { formatEmailDate } from '../../../src/shared/formatEmailDate';

// 000 §9: MM/DD/YYYY hh:mm:ss am/pm in upper case.
describe('formatEmailDate', () => {
  it('formats morning, afternoon, midnight and noon', () => {
    expect(formatEmailDate(new Date(2024, 2, 5, 9, 7, 3))).toBe('03/05/2024 09:07:03 AM');
    expect(formatEmailDate(new Date(2024, 11, 31, 23, 59, 59))).toBe('12/31/2024 11:59:59 PM');
    expect(formatEmailDate(new Date(2024, 0, 1, 0, 0, 0))).toBe('01/01/2024 12:00:00 AM');
    expect(formatEmailDate(new Date(2024, 0, 1, 12, 30, 0))).toBe('01/01/2024 12:30:00 PM');
  });
  it('reads ISO strings and leaves missing or bad dates empty', () => {
    const iso = new Date(2023, 6, 4, 15, 4, 5).toISOString();
    expect(formatEmailDate(iso)).toBe('07/04/2023 03:04:05 PM');
    expect(formatEmailDate(null)).toBe('');
    expect(formatEmailDate('not a date')).toBe('');
  });
  it('formats in UTC when asked (the server, which knows no viewer)', () => {
    expect(formatEmailDate('2002-10-08T00:27:40.000Z', { utc: true })).toBe('10/08/2002 12:27:40 AM');
  });
});
