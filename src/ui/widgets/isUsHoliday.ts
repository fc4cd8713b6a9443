import { usHolidays } from './usHolidays';

const byYear = new Map<number, Set<string>>();

/** Whether a local calendar day is a US holiday (the picker's red days). */
export function isUsHoliday(date: Date): boolean {
  const year = date.getFullYear();
  let days = byYear.get(year);
  if (!days) byYear.set(year, (days = new Set(usHolidays(year).map((h) => h.date))));
  return days.has(toIsoDate(date));
}

/** A local Date as `YYYY-MM-DD`. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` as a local Date, or null when it is not such a string. */
export function fromIsoDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}
