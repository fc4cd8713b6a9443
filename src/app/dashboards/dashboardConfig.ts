import type { DashboardRequest, EmailSortField, PanelistTypeFilter, SearchCriteria } from '../../api/emailTypes';
import type { DashboardMeta } from './dashboardMeta';
import type { Criteria } from '../../ui/dashboard/searchRules';

export interface View {
  page: number;
  perpage: number;
  sorting_field: EmailSortField;
  sorting_direction: 'asc' | 'desc';
  /** The criteria of the last search; null lists the dashboard's own statuses; undefined: not known yet (no request). */
  applied: Criteria | null | undefined;
}

/** What the dashboard takes from its metadata, derived once per metadata version. */
export function configOf(dm: DashboardMeta) {
  const meta = dm.email;
  const rules = dm.emailSearchRules;
  const defaults = meta.defaults;
  const searchDefaults = dm.search['x-defaults'] as Criteria;
  const rangeDays = Number(dm.search['x-default-range-days'] ?? 0);
  const dashboardOf = (key: string) => meta.dashboards.find((d) => d.key === key) ?? meta.dashboards[0];
  return {
    meta,
    m: meta.messages,
    rules,
    dashboardOf,
    initialView: (): View => ({ page: defaults.page, perpage: defaults.perpage, sorting_field: defaults.sorting_field as EmailSortField, sorting_direction: defaults.sorting_direction as 'asc' | 'desc', applied: undefined }),
    /** 000 §4: a search sets page 1 and 50 per page; clear and the dashboard switch restore the defaults. */
    searchReset: (rules.search?.reset ?? { page: 1, perpage: defaults.searchPerpage }) as Partial<View>,
    clearReset: (rules.clear?.reset ?? {}) as Partial<View>,
    switchReset: (rules.dashboardSwitch?.reset ?? {}) as Partial<View>,
    /** 000 §9 defaults: the dashboard's email types and the last `x-default-range-days` days up to the newest email. */
    criteriaFor: (dashboard: string, newestDay: string | null | undefined): Criteria => ({ ...searchDefaults, ...dashboardOf(dashboard).emailTypes, ...defaultRange(newestDay, rangeDays) }),
    used: dm.status.code('used'),
    copy: dm.status.code('copy'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (d: Date, prefix: 'from' | 'to') => ({ [`${prefix}_year`]: String(d.getUTCFullYear()), [`${prefix}_month`]: pad(d.getUTCMonth() + 1), [`${prefix}_day`]: pad(d.getUTCDate()) });

/** The date parts of the `days` days up to `newestDay` (YYYY-MM-DD); none without a newest day. */
function defaultRange(newestDay: string | null | undefined, days: number): Criteria {
  if (!newestDay || !days) return {};
  const to = new Date(`${newestDay}T00:00:00Z`);
  const from = new Date(to.getTime() - days * 86_400_000);
  return { ...parts(from, 'from'), ...parts(to, 'to') };
}

/**
 * The request a dashboard sends first (000 §9: the default search over the last days up to the
 * newest email), so the page can start it before the dashboard renders (issue 17: first load).
 * EmailDashboard builds the same request from the same config.
 */
export function firstSearchOf(dm: DashboardMeta, dashboard: string, panelistType: PanelistTypeFilter, newestDay: string | null): { search: SearchCriteria; request: DashboardRequest } {
  const config = configOf(dm);
  const view: View = { ...config.initialView(), ...config.switchReset, applied: config.criteriaFor(dashboard, newestDay) };
  return { search: view.applied as unknown as SearchCriteria, request: requestOf(view, panelistType, dashboard as DashboardRequest['dashboard'], null) };
}

/** The states list a search's country asks for (GET /api/emails/states/<key>): '0' is every country. */
export function statesKeyOf(criteria: { country?: unknown }): string {
  const country = String(criteria.country ?? 'US');
  return country === '0' ? 'all' : country;
}

/** The list/search request of a view (paging marker and totals of the previous answer, if any). */
export function requestOf(view: View, panelistType: PanelistTypeFilter, dashboard: DashboardRequest['dashboard'], marker: { paging: DashboardRequest['paging']; totals: DashboardRequest['totals'] } | null): DashboardRequest {
  return {
    page: view.page,
    perpage: view.perpage,
    panelist: panelistType,
    dashboard,
    sorting_field: view.sorting_field,
    sorting_direction: view.sorting_direction,
    paging: marker?.paging ?? null,
    totals: marker?.totals ?? null,
  };
}
