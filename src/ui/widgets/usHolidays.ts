/** A US holiday the date picker marks in red (001 §9). */
export interface UsHoliday {
  /** `YYYY-MM-DD` */
  date: string;
  name: string;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Day of month of the n-th (1-based) given weekday (0 = Sunday) of a month (1-based). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, days)).getUTCDay();
  return days - ((last - weekday + 7) % 7);
}

/**
 * The holidays of one year in date order: the fixed ones on their calendar day (not the observed
 * weekday) plus the floating Monday/Thursday holidays the spec names.
 */
export function usHolidays(year: number): UsHoliday[] {
  const MON = 1;
  const THU = 4;
  return [
    { date: iso(year, 1, 1), name: "New Year's Day" },
    { date: iso(year, 1, nthWeekday(year, 1, MON, 3)), name: 'Martin Luther King Jr. Day' },
    { date: iso(year, 2, nthWeekday(year, 2, MON, 3)), name: "Presidents' Day" },
    { date: iso(year, 5, lastWeekday(year, 5, MON)), name: 'Memorial Day' },
    { date: iso(year, 7, 4), name: 'Independence Day' },
    { date: iso(year, 9, nthWeekday(year, 9, MON, 1)), name: 'Labor Day' },
    { date: iso(year, 10, nthWeekday(year, 10, MON, 2)), name: 'Columbus Day' },
    { date: iso(year, 11, 11), name: 'Veterans Day' },
    { date: iso(year, 11, nthWeekday(year, 11, THU, 4)), name: 'Thanksgiving' },
    { date: iso(year, 12, 25), name: 'Christmas Day' },
  ];
}
