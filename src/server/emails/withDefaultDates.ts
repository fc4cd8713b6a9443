import type { SearchCriteria } from '../../api/emailTypes';
import { dateRangeKeys, defaultDateRange } from '../../shared/defaultDateRange';
import type { Queryable } from '../db/Db';
import { metadataStore } from '../metadata/metadataStore';
import { newestEmailDay } from './newestEmailDay';

const searchFile = 'schemas/dashboards/email_search.json';

/**
 * The search with the date parts it left out set to the dashboard's default range (000 §9; the
 * browser's form shows the same range from raw data's newest day): SearchCriteria.default_dates.
 * A search without the flag (or none: the schema allows null) is returned as it came.
 */
export async function withDefaultDates<S extends SearchCriteria | null>(db: Queryable, search: S): Promise<S> {
  if (!search?.default_dates) return search;
  const days = Number((metadataStore().current().metadata.files[searchFile] as { 'x-default-range-days'?: number } | undefined)?.['x-default-range-days'] ?? 0);
  const range = defaultDateRange(await newestEmailDay(db), days);
  const { default_dates: _flag, ...filled } = search;
  for (const k of dateRangeKeys) if (filled[k] === undefined) filled[k] = range?.[k] ?? '';
  return filled as S;
}
