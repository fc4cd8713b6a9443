import type { DashboardMeta } from './dashboardMeta';
import type { ListParamsConfig, ListState } from './emailListParams';
import type { Criteria } from '../../ui/dashboard/searchRules';
import { defaultDateRange } from '../../shared/defaultDateRange';

/** What the dashboard takes from its metadata, derived once per metadata version. */
export function configOf(dm: DashboardMeta) {
  const meta = dm.email;
  const rules = dm.emailSearchRules;
  const defaults = meta.defaults;
  const searchDefaults = dm.search['x-defaults'] as Criteria;
  const rangeDays = Number(dm.search['x-default-range-days'] ?? 0);
  const dashboardOf = (key: string) => meta.dashboards.find((d) => d.key === key) ?? meta.dashboards[0];
  /** 000 §9 defaults: the dashboard's email types and the last `x-default-range-days` days up to the newest email. */
  const criteriaFor = (dashboard: string, newestDay: string | null | undefined): Criteria => ({ ...searchDefaults, ...dashboardOf(dashboard).emailTypes, ...defaultDateRange(newestDay, rangeDays) });
  const params: ListParamsConfig = {
    defaults,
    dashboards: meta.dashboards.map((d) => d.key),
    pageSizes: dm.pageSizes,
    sortFields: dm.emailColumns.flatMap((c) => (c.sort ? [c.sort] : [])),
    criteriaFor,
  };
  const reset = (r: { reset: Record<string, unknown> } | undefined, fallback: Partial<ListState>) => (r?.reset ?? fallback) as Partial<ListState>;
  return {
    meta,
    m: meta.messages,
    rules,
    dashboardOf,
    criteriaFor,
    params,
    /** 000 §4: a search sets page 1 and 50 per page; clear and the dashboard switch restore the defaults. */
    searchReset: reset(rules.search, { page: 1, perpage: defaults.searchPerpage }),
    clearReset: reset(rules.clear, {}),
    used: dm.status.code('used'),
    copy: dm.status.code('copy'),
  };
}

export type DashboardConfig = ReturnType<typeof configOf>;

/** The states list a search's country asks for (GET /api/emails/states/<key>): '0' is every country. */
export function statesKeyOf(criteria: { country?: unknown }): string {
  const country = String(criteria.country ?? 'US');
  return country === '0' ? 'all' : country;
}
