import type { DashboardRequest, SearchCriteria } from '../../api/emailTypes';
import type { EmailListRequest } from '../../api/hooks/cacheKeys';
import { statesKeyOf } from './dashboardConfig';
import { dashboardPanelistTypeOf } from './dashboardPanelistTypes';
import { listQuery, readListState, type ListParamsConfig } from './emailListParams';

/** A dashboard's first list: the page its URL states, the request that asks for it, and its states list. */
export interface FirstListQuery {
  search: SearchCriteria;
  request: EmailListRequest;
  /** The first page without paging marker or known total (the server counts). */
  page: DashboardRequest;
  /** The states list key of the search's country (statesKeyOf). */
  states: string;
}

/**
 * The list a cold load of `pathname` + `search` shows first, or null off the dashboards. The
 * boot code (prefetchFirstScreen, from the served metadata) and index.html's inline script
 * (firstRequests.ts, from the build's list parameters) both ask with it, so their requests are
 * the same whenever the parameters are.
 */
export function firstListQuery(pathname: string, search: string, params: ListParamsConfig): FirstListQuery | null {
  const panelistType = dashboardPanelistTypeOf(pathname);
  if (!panelistType) return null;
  const first = listQuery(readListState(new URLSearchParams(search), params), params, panelistType);
  return { ...first, page: { ...first.request, paging: null, totals: null }, states: statesKeyOf(first.search) };
}
