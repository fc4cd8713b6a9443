import type { OpRegistry, OpWordsContext } from '../logic/OpRegistry';

/* Dates are `YYYY-MM-DD` strings (a longer timestamp is cut to its date), so they compare as strings. */

const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/** `/^\d{4}-\d{2}-\d{2}/` tested by character codes (ASCII digits, as `\d` without the u flag): a regular expression per date costs more than the rule reading it. */
export function toDay(v: unknown): string | null {
  if (typeof v !== 'string' || v.length < 10) return null;
  if (!(digit(v, 0) && digit(v, 1) && digit(v, 2) && digit(v, 3) && v.charCodeAt(4) === 45 && digit(v, 5) && digit(v, 6) && v.charCodeAt(7) === 45 && digit(v, 8) && digit(v, 9))) return null;
  return v.length === 10 ? v : v.slice(0, 10);
}

function compare(a: unknown, b: unknown, test: (x: string, y: string) => boolean): boolean {
  const x = toDay(a);
  const y = toDay(b);
  return x !== null && y !== null && test(x, y);
}

/** Year, month and day (numbers or digit strings) name a day of the calendar. */
export function validDay(y: unknown, m: unknown, d: unknown): boolean {
  const [yy, mm, dd] = [y, m, d].map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN));
  if (![yy, mm, dd].every(Number.isInteger)) return false;
  const date = new Date(Date.UTC(yy, mm - 1, dd));
  return date.getUTCFullYear() === yy && date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd;
}

export const dateLt = (a: unknown, b: unknown) => compare(a, b, (x, y) => x < y);
export const dateLe = (a: unknown, b: unknown) => compare(a, b, (x, y) => x <= y);
export const dateGt = (a: unknown, b: unknown) => compare(a, b, (x, y) => x > y);
export const dateGe = (a: unknown, b: unknown) => compare(a, b, (x, y) => x >= y);

/** The latest (`latest`) or earliest date of a list (a single value is a list of one); null when it has none. */
function extremeDay(list: unknown, latest: boolean): string | null {
  if (!Array.isArray(list)) return toDay(list);
  let m: string | null = null;
  for (let i = 0; i < list.length; i++) {
    const d = toDay(list[i]);
    if (d !== null && (m === null || (latest ? d > m : d < m))) m = d;
  }
  return m;
}

/** Latest date of a list (null when it has none). */
export function dateMax(list: unknown): string | null {
  return extremeDay(list, true);
}

export function dateMin(list: unknown): string | null {
  return extremeDay(list, false);
}

const compared = (is: string, isNot: string) => ({
  words: (w: OpWordsContext) => `${w.arg(0)} ${is} ${w.arg(1)}`,
  negated: (w: OpWordsContext) => `${w.arg(0)} ${isNot} ${w.arg(1)}`,
});

export function registerDateOps(ops: OpRegistry): void {
  ops.add('date_lt', ([a, b]) => dateLt(a, b), 'date is before (false when either is empty)', compared('is before', 'is not before'), dateLt);
  ops.add('date_le', ([a, b]) => dateLe(a, b), 'date is on or before', compared('is on or before', 'is not on or before'), dateLe);
  ops.add('date_gt', ([a, b]) => dateGt(a, b), 'date is after', compared('is after', 'is not after'), dateGt);
  ops.add('date_ge', ([a, b]) => dateGe(a, b), 'date is on or after', compared('is on or after', 'is not on or after'), dateGe);
  ops.add('date_valid', ([y, m, d]) => validDay(y, m, d), 'year, month and day name a real calendar day (no 02/31)', {
    words: (w) => `year ${w.arg(0)}, month ${w.arg(1)} and day ${w.arg(2)} make a real calendar day`,
    negated: (w) => `year ${w.arg(0)}, month ${w.arg(1)} and day ${w.arg(2)} make no real calendar day`,
  }, validDay);
  ops.add('date_max', ([l]) => dateMax(l), 'latest date of a list', (w) => `the latest of ${w.arg(0)}`, dateMax);
  ops.add('date_min', ([l]) => dateMin(l), 'earliest date of a list', (w) => `the earliest of ${w.arg(0)}`, dateMin);
}
