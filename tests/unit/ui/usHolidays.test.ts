import { describe, expect, it } from 'vitest';
import { isUsHoliday } from '../../../src/ui/widgets/isUsHoliday';
import { usHolidays } from '../../../src/ui/widgets/usHolidays';

describe('usHolidays (001 §9: fixed holidays plus MLK, Presidents, Memorial, Labor, Columbus, Thanksgiving)', () => {
  it('lists the 2024 holidays on their days', () => {
    expect(usHolidays(2024)).toEqual([
      { date: '2024-01-01', name: "New Year's Day" },
      { date: '2024-01-15', name: 'Martin Luther King Jr. Day' },
      { date: '2024-02-19', name: "Presidents' Day" },
      { date: '2024-05-27', name: 'Memorial Day' },
      { date: '2024-07-04', name: 'Independence Day' },
      { date: '2024-09-02', name: 'Labor Day' },
      { date: '2024-10-14', name: 'Columbus Day' },
      { date: '2024-11-11', name: 'Veterans Day' },
      { date: '2024-11-28', name: 'Thanksgiving' },
      { date: '2024-12-25', name: 'Christmas Day' },
    ]);
  });

  it('computes floating holidays for other years', () => {
    const d = (y: number) => Object.fromEntries(usHolidays(y).map((h) => [h.name, h.date]));
    expect(d(2025)).toMatchObject({
      'Martin Luther King Jr. Day': '2025-01-20',
      "Presidents' Day": '2025-02-17',
      'Memorial Day': '2025-05-26',
      'Labor Day': '2025-09-01',
      'Columbus Day': '2025-10-13',
      Thanksgiving: '2025-11-27',
    });
    // A year whose May ends on a Monday and whose November starts on a Thursday.
    expect(d(2021)).toMatchObject({ 'Memorial Day': '2021-05-31', Thanksgiving: '2021-11-25' });
    expect(d(2018)).toMatchObject({ Thanksgiving: '2018-11-22', 'Labor Day': '2018-09-03' });
  });

  it('every floating holiday falls on its weekday', () => {
    for (let y = 2000; y <= 2040; y++) {
      for (const h of usHolidays(y)) {
        const day = new Date(`${h.date}T00:00:00Z`).getUTCDay();
        if (h.name === 'Thanksgiving') expect(day).toBe(4);
        else if (/King|Presidents|Memorial|Labor|Columbus/.test(h.name)) expect(day).toBe(1);
      }
    }
  });

  it('isUsHoliday matches local days', () => {
    expect(isUsHoliday(new Date(2024, 6, 4))).toBe(true);
    expect(isUsHoliday(new Date(2024, 6, 5))).toBe(false);
    expect(isUsHoliday(new Date(2024, 10, 28))).toBe(true);
  });
});
