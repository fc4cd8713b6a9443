import type { DashboardType, EmailSortField, PanelistTypeFilter, SearchCriteria, SortDirection } from '../../api/emailTypes';
import type { EmailListRequest } from '../../api/hooks/cacheKeys';
import type { Criteria } from '../../ui/dashboard/searchRules';
import { dateRangeKeys } from '../../shared/defaultDateRange';

/**
 * A dashboard list's whole state as its URL holds it (issue 28 item 1): Back, reload, a bookmark
 * and a shared link restore it. The tab is the route (000 §2); the rest are search params.
 */
export interface ListState {
  dashboard: DashboardType;
  page: number;
  perpage: number;
  sorting_field: EmailSortField;
  sorting_direction: SortDirection;
  /** The applied search's fields that differ from the dashboard's default search (000 §9). */
  search: Criteria;
}

/** What reading and writing the URL needs from the dashboard metadata (dashboardConfig.ts). */
export interface ListParamsConfig {
  defaults: { page: number; perpage: number; sorting_field: string; sorting_direction: string; dashboard: string };
  dashboards: string[];
  pageSizes: number[];
  sortFields: string[];
  /** The dashboard's default search: its email types and the date range up to the newest email. */
  criteriaFor(dashboard: string, newestDay: string | null | undefined): Criteria;
}

/** URL names of the non-search state; every search field keeps its own name (query, by_subject, from_year, ...). */
export const listParamNames = { dashboard: 'dashboard', page: 'page', perpage: 'size', sorting_field: 'sort', sorting_direction: 'dir' } as const;

/** A date's parts change together: a link keeps the whole date, never a day of one and a month of another. */
const dateGroup = (key: string) => /^(from|to)_(day|month|year)$/.exec(key)?.[1] ?? null;

const encode = (v: unknown) => (typeof v === 'boolean' ? (v ? '1' : '0') : Array.isArray(v) ? v.join(',') : String(v ?? ''));
function decode(raw: string, like: unknown): unknown {
  if (typeof like === 'boolean') return raw === '1' || raw === 'true';
  if (Array.isArray(like)) return raw === '' ? [] : raw.split(',');
  return raw;
}
const same = (a: unknown, b: unknown) => encode(a) === encode(b);

/** The search fields of `criteria` that differ from `defaults` (whole dates when any part differs). */
export function searchDiff(criteria: Criteria, defaults: Criteria): Criteria {
  const changedDates = new Set(Object.keys(criteria).filter((k) => dateGroup(k) && !same(criteria[k], defaults[k])).map(dateGroup));
  return Object.fromEntries(Object.entries(criteria).filter(([k, v]) => (dateGroup(k) ? changedDates.has(dateGroup(k)) : !same(v, defaults[k]))));
}

const positiveInt = (raw: string | null) => (raw !== null && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null);

/** The list state of a URL's search params; anything missing or invalid is the default. */
export function readListState(params: URLSearchParams, config: ListParamsConfig): ListState {
  const d = config.defaults;
  const dashboard = params.get(listParamNames.dashboard);
  const perpage = positiveInt(params.get(listParamNames.perpage));
  const sort = params.get(listParamNames.sorting_field);
  const dir = params.get(listParamNames.sorting_direction);
  const known = config.criteriaFor(dashboard ?? d.dashboard, null);
  const search: Criteria = {};
  for (const [key, like] of Object.entries(known)) {
    const raw = params.get(key);
    if (raw !== null) search[key] = decode(raw, like);
  }
  return {
    dashboard: (dashboard && config.dashboards.includes(dashboard) ? dashboard : d.dashboard) as DashboardType,
    page: positiveInt(params.get(listParamNames.page)) ?? d.page,
    perpage: perpage !== null && config.pageSizes.includes(perpage) ? perpage : d.perpage,
    sorting_field: (sort && config.sortFields.includes(sort) ? sort : d.sorting_field) as EmailSortField,
    sorting_direction: (dir === 'asc' || dir === 'desc' ? dir : d.sorting_direction) as SortDirection,
    search,
  };
}

/** The search params of a list state: only what differs from the defaults, so the first screen's URL stays `/`. */
export function writeListState(state: ListState, config: ListParamsConfig): URLSearchParams {
  const d = config.defaults;
  const out = new URLSearchParams();
  if (state.dashboard !== d.dashboard) out.set(listParamNames.dashboard, state.dashboard);
  for (const [k, v] of Object.entries(state.search)) out.set(k, encode(v));
  if (state.perpage !== d.perpage) out.set(listParamNames.perpage, String(state.perpage));
  if (state.sorting_field !== d.sorting_field) out.set(listParamNames.sorting_field, state.sorting_field);
  if (state.sorting_direction !== d.sorting_direction) out.set(listParamNames.sorting_direction, state.sorting_direction);
  if (state.page !== d.page) out.set(listParamNames.page, String(state.page));
  return out;
}

/** The search the list shows: the dashboard's default search (needs the newest email's day) with the URL's fields. */
export function appliedSearch(state: ListState, config: ListParamsConfig, newestDay: string | null | undefined): Criteria {
  return { ...config.criteriaFor(state.dashboard, newestDay), ...state.search };
}

/**
 * The request (and cache key) of the page the state shows. The date parts the URL leaves at their
 * default are left out for the server to fill (SearchCriteria.default_dates), so the request and
 * its key need not wait for the newest email's day.
 */
export function listQuery(state: ListState, config: ListParamsConfig, panelistType: PanelistTypeFilter): { search: SearchCriteria; request: EmailListRequest } {
  const search: Criteria = appliedSearch(state, config, null);
  const defaulted = dateRangeKeys.filter((k) => !(k in state.search));
  for (const k of defaulted) delete search[k];
  if (defaulted.length > 0) search.default_dates = true;
  return {
    search: search as unknown as SearchCriteria,
    request: { page: state.page, perpage: state.perpage, panelist: panelistType, dashboard: state.dashboard, sorting_field: state.sorting_field, sorting_direction: state.sorting_direction },
  };
}
