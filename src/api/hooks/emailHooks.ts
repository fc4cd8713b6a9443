import type { DashboardResponse, EmailBody, EmailDetail, PagingMarker, ProductEmailsResponse, RawData, SearchCriteria, StateItem } from '../emailTypes';
import { cacheKeys, type EmailListRequest } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

/** GET raw-data: totals, states, partitions, date parts and the newest email's day (000 §3). */
export const useRawData = () => usePortalRead<RawData>(cacheKeys.rawData(), (api) => api.emails.rawData());

/** GET states/{country}: '0' (all countries) reads every state. */
export const useStates = (country: string) => {
  const key = country === '0' ? 'all' : country;
  return usePortalRead<StateItem[]>(cacheKeys.states(key), (api) => api.emails.states(key));
};

interface Known {
  page: number;
  paging: PagingMarker | null;
  totals: number | null;
}

/**
 * The last answer's page marker and total per filter and sort (its page left out), so the next page
 * is a keyset read from the page shown and skips the count (src/server/emails/listEmails.ts).
 */
const known = new Map<string, Known>();
const knownLimit = 50;
const signature = (search: SearchCriteria | null, r: EmailListRequest) => JSON.stringify([search, { ...r, page: 0 }]);

/** What a dashboard page request adds to the URL's state: the marker, and the total when moving to another page. */
export function pagingFor(search: SearchCriteria | null, request: EmailListRequest) {
  const k = known.get(signature(search, request));
  // A re-read of the same page (a refresh) counts again: emails may have come or gone.
  return { paging: k?.paging ?? null, totals: k && k.page !== request.page ? k.totals : null };
}

function remember(search: SearchCriteria | null, request: EmailListRequest, res: DashboardResponse): void {
  const sig = signature(search, request);
  known.delete(sig);
  known.set(sig, { page: request.page, paging: res.paging, totals: res.totalIsEstimate ? null : res.totalEmails });
  if (known.size > knownLimit) known.delete(known.keys().next().value!);
}

/**
 * A dashboard page (POST search, or POST list when `search` is null); null while the query is not
 * known yet. The previous page stays on screen while the next one loads (keepPreviousData).
 */
export function useEmailList(query: { search: SearchCriteria | null; request: EmailListRequest } | null) {
  return usePortalRead<DashboardResponse>(
    query ? cacheKeys.emailList(query.search, query.request) : null,
    async (api) => {
      const { search, request } = query!;
      const full = { ...request, ...pagingFor(search, request) };
      const res = await (search ? api.emails.search(search, full) : api.emails.list(full));
      remember(search, request, res);
      return res;
    },
    { keepPreviousData: true },
  );
}

export const useEmailDetail = (muid: number) => usePortalRead<EmailDetail>(cacheKeys.emailDetail(muid), (api) => api.emails.detail(muid));

export const useEmailBody = (muid: number) => usePortalRead<EmailBody>(cacheKeys.emailBody(muid), (api) => api.emails.body(muid));

/** The emails of a product (its Used one and its Copies) the caller may see. */
export const useProductEmails = (productId: string | number) =>
  usePortalRead<ProductEmailsResponse>(cacheKeys.productEmails(String(productId)), (api) => api.emails.ofProduct(productId));
