import type { DashboardResponse, EmailBody, EmailDetail, ProductEmailsResponse, RawData, SearchCriteria, StateItem } from '../emailTypes';
import { pagingFor, rememberEmailPage } from './emailPaging';
import { cacheKeys, type EmailListRequest } from './cacheKeys';
import { useNewestPayload, useNewestRow } from './useNewestRows';
import { usePortalRead } from './usePortalRead';

/** GET raw-data: totals, states, partitions, date parts and the newest email's day (000 §3). */
export const useRawData = () => usePortalRead<RawData>(cacheKeys.rawData(), (api) => api.emails.rawData());

/** GET states/{country}: '0' (all countries) reads every state. */
export const useStates = (country: string) => {
  const key = country === '0' ? 'all' : country;
  return usePortalRead<StateItem[]>(cacheKeys.states(key), (api) => api.emails.states(key));
};

/**
 * A dashboard page (POST search, or POST list when `search` is null); null while the query is not
 * known yet. The previous page stays on screen while the next one loads (keepPreviousData); coming
 * back to a list draws its cached page and always asks again (no deduping window: a list seen a
 * moment ago may have changed by a move or another reviewer).
 */
export function useEmailList(query: { search: SearchCriteria | null; request: EmailListRequest } | null) {
  const res = usePortalRead<DashboardResponse>(
    query ? cacheKeys.emailList(query.search, query.request) : null,
    async (api) => {
      const { search, request } = query!;
      const full = { ...request, ...pagingFor(search, request) };
      return rememberEmailPage(search, request, await (search ? api.emails.search(search, full) : api.emails.list(full)));
    },
    { keepPreviousData: true, dedupingInterval: 0 },
  );
  // Drawn with the newest state known of each row: this answer may have been read before a status change was stored.
  return useNewestPayload(res);
}

export const useEmailDetail = (muid: number) => useNewestRow(usePortalRead<EmailDetail>(cacheKeys.emailDetail(muid), (api) => api.emails.detail(muid)));

export const useEmailBody = (muid: number) => usePortalRead<EmailBody>(cacheKeys.emailBody(muid), (api) => api.emails.body(muid));

/** The emails of a product (its Used one and its Copies) the caller may see. */
export const useProductEmails = (productId: string | number) =>
  usePortalRead<ProductEmailsResponse>(cacheKeys.productEmails(String(productId)), (api) => api.emails.ofProduct(productId));
