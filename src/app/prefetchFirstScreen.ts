import type { PanelistTypeFilter } from '../api/emailTypes';
import { offerBootAnswer } from '../api/hooks/bootAnswers';
import { cacheKeys } from '../api/hooks/cacheKeys';
import { rememberEmailPage } from '../api/hooks/emailPaging';
import { configOf, statesKeyOf } from './dashboards/dashboardConfig';
import { readCookie } from './auth/cookies';
import { dashboardMetaFor } from './dashboards/dashboardMetaCache';
import { listQuery, readListState } from './dashboards/emailListParams';
import { attachStylesheets } from './attachStylesheets';
import { loadMetadataFiles } from './loadMetadataFiles';
import { prefetchPermissions } from './auth/prefetchPermissions';
import { preloadProductEditor, productEditorPath } from './product/loadProductEditor';
import { portalApi } from './portalApi';

/**
 * The email dashboards' paths (src/app/routes.tsx) and their panelist types. Kept here, without
 * the router, so the boot code that reads it stays small; a path missing here only loses the
 * prefetch, never the screen.
 */
export const dashboardPanelistTypes: Record<string, PanelistTypeFilter> = { '/': 'all', '/producer': 'producer', '/consumer': 'consumer', '/mortgage': 'mortgage', '/provider': 'provider' };

/**
 * Starts the first screen's data while the code loads and the session check runs, instead of one
 * request after another (issue 17: first load): the metadata every screen reads and, on a dashboard,
 * its raw data and the page its URL states (the server fills the default search's dates),
 * offered under the cache keys the dashboard's hooks read (src/api/hooks/bootAnswers.ts); on the
 * product editor, its chunks and engine (src/app/product/loadProductEditor.ts); and the session
 * check's role data (src/app/auth/prefetchPermissions.ts). Signed-out pages start nothing.
 */
export function prefetchFirstScreen(pathname: string, search: string): void {
  if (readCookie('isSignedIn') !== 'true') return;
  const permissions = prefetchPermissions();
  const metadata = loadMetadataFiles();
  metadata.catch(() => undefined);
  // Before the editor's chunks: their preload then finds the entry's stylesheet attached.
  void attachStylesheets();
  if (productEditorPath.test(pathname)) preloadProductEditor();
  const panelistType = dashboardPanelistTypes[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  if (!panelistType) return;
  const raw = offerBootAnswer(cacheKeys.rawData(), portalApi.emails.rawData());
  const rows = metadata.then((md) => {
    const config = configOf(dashboardMetaFor(md));
    // The default dates are the server's to fill (listQuery): the search leaves without raw data.
    const first = listQuery(readListState(new URLSearchParams(search), config.params), config.params, panelistType);
    const page = portalApi.emails.search(first.search, { ...first.request, paging: null, totals: null }).then((res) => rememberEmailPage(first.search, first.request, res));
    const states = statesKeyOf(first.search);
    // Raw data carries the default country's states (000 §3): the default search's list needs no
    // request of its own, which was the last answer the first render waited for.
    const statesAnswer = states === statesKeyOf({}) ? raw.then((r) => r.states) : portalApi.emails.states(states);
    return Promise.all([offerBootAnswer(cacheKeys.emailList(first.search, first.request), page), offerBootAnswer(cacheKeys.states(states), statesAnswer)]);
  });
  settled = Promise.allSettled([permissions, rows]).then(() => undefined);
}

let settled: Promise<void> = Promise.resolve();

/**
 * Settles once the requests prefetchFirstScreen started for a dashboard have answered (or failed):
 * the session's role data, the first search and its states list (after metadata and raw data).
 * startApp waits for it, up to a limit, before React's first render (issue 17: first load).
 * Rendering earlier does not show the dashboard sooner (it needs these answers) but takes the main
 * thread: the answers' callbacks, and so the search request itself, waited behind the router's
 * set-up and the first render (0.3-0.7 s at 4x CPU), and the rows then needed a second render and
 * layout pass.
 * Settled at once on other pages and when signed out.
 */
export function firstScreenSettled(): Promise<void> {
  return settled;
}
