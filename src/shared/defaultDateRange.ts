/** The date parts (from_/to_ day, month, year) of a search's date range, as the search form holds them. */
export type DateRangeParts = Record<`${'from' | 'to'}_${'day' | 'month' | 'year'}`, string>;

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (d: Date, prefix: 'from' | 'to') => ({ [`${prefix}_year`]: String(d.getUTCFullYear()), [`${prefix}_month`]: pad(d.getUTCMonth() + 1), [`${prefix}_day`]: pad(d.getUTCDate()) });

/**
 * 000 §9 default search range: the `days` days up to `newestDay` (YYYY-MM-DD, the newest email's
 * day), or null without a newest day (no range). The browser's search form and the server, which
 * fills the range of a list asked for before the browser knew the newest day, use this one rule.
 */
export function defaultDateRange(newestDay: string | null | undefined, days: number): DateRangeParts | null {
  if (!newestDay || !days) return null;
  const to = new Date(`${newestDay}T00:00:00Z`);
  const from = new Date(to.getTime() - days * 86_400_000);
  return { ...parts(from, 'from'), ...parts(to, 'to') } as DateRangeParts;
}

/** The six date part names, in the order the form shows them. */
export const dateRangeKeys = ['from_day', 'from_month', 'from_year', 'to_day', 'to_month', 'to_year'] as const satisfies ReadonlyArray<keyof DateRangeParts>;
