import type { DashboardResponse, PagingMarker, SearchCriteria } from '../emailTypes';
import type { EmailListRequest } from './cacheKeys';

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

/** Keeps a page answer's marker and total for the next page's request (also for answers the boot read); returns it. */
export function rememberEmailPage(search: SearchCriteria | null, request: EmailListRequest, res: DashboardResponse): DashboardResponse {
  const sig = signature(search, request);
  known.delete(sig);
  known.set(sig, { page: request.page, paging: res.paging, totals: res.totalIsEstimate ? null : res.totalEmails });
  if (known.size > knownLimit) known.delete(known.keys().next().value!);
  return res;
}
