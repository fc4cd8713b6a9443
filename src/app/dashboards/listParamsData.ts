import type { Criteria } from '../../ui/dashboard/searchRules';
import { defaultDateRange } from '../../shared/defaultDateRange';
import type { ListParamsConfig } from './emailListParams';

/**
 * A dashboard list's URL parameters as plain data: what the build writes into index.html's inline
 * script (codegen/firstRequestsPlugin.ts), so the first search leaves before the metadata came.
 */
export interface ListParamsData {
  defaults: ListParamsConfig['defaults'];
  dashboards: string[];
  pageSizes: number[];
  sortFields: string[];
  /** Each dashboard's default search without dates (criteriaFor(key, null)). */
  criteria: Record<string, Criteria>;
  /** What criteriaFor gives a dashboard key it does not know. */
  otherCriteria: Criteria;
  /** x-default-range-days of the search form. */
  rangeDays: number;
}

/** The data of a dashboard's list parameters (dashboardConfig.ts configOf). */
export function listParamsData(params: ListParamsConfig, rangeDays: number): ListParamsData {
  const { defaults, dashboards, pageSizes, sortFields } = params;
  const criteria = Object.fromEntries(dashboards.map((d) => [d, params.criteriaFor(d, null)]));
  // A key no dashboard has: the fallback readListState meets for an unknown ?dashboard=.
  return { defaults, dashboards, pageSizes, sortFields, criteria, otherCriteria: params.criteriaFor('\u0000', null), rangeDays };
}

/** The list parameters of that data. */
export function listParamsOf(data: ListParamsData): ListParamsConfig {
  const { defaults, dashboards, pageSizes, sortFields } = data;
  const criteriaFor = (dashboard: string, newestDay: string | null | undefined): Criteria => ({
    ...(Object.hasOwn(data.criteria, dashboard) ? data.criteria[dashboard] : data.otherCriteria),
    ...defaultDateRange(newestDay, data.rangeDays),
  });
  return { defaults, dashboards, pageSizes, sortFields, criteriaFor };
}
