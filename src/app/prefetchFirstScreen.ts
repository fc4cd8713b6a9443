import type { PanelistTypeFilter } from '../api/emailTypes';
import { firstSearchOf } from './dashboards/dashboardConfig';
import { readCookie } from './auth/cookies';
import { dashboardMetaFor } from './dashboards/dashboardMetaCache';
import { prefetchedRawDataAnswer, prefetchRawData, prefetchSearch } from './dashboards/httpEmailApi';
import { loadMetadataFiles } from './loadMetadataFiles';
import { prefetchPermissions } from './auth/prefetchPermissions';

/**
 * The email dashboards' paths (src/app/routes.tsx) and their panelist types. Kept here, without
 * the router, so the boot code that reads it stays small; a path missing here only loses the
 * prefetch, never the screen.
 */
export const dashboardPanelistTypes: Record<string, PanelistTypeFilter> = { '/': 'all', '/producer': 'producer', '/consumer': 'consumer', '/mortgage': 'mortgage', '/provider': 'provider' };

/**
 * Starts the first screen's data while the code loads and the session check runs, instead of one
 * request after another (issue 17: first load): the metadata every screen reads and, on a dashboard,
 * its raw data and then its first search (the default search needs the newest email's day), built
 * exactly as the dashboard builds it so the dashboard takes the answer; and the session check's role
 * data (src/app/auth/prefetchPermissions.ts). Signed-out pages start nothing.
 */
export function prefetchFirstScreen(pathname: string, search: string): void {
  if (readCookie('isSignedIn') !== 'true') return;
  prefetchPermissions();
  const metadata = loadMetadataFiles();
  metadata.catch(() => undefined);
  const panelistType = dashboardPanelistTypes[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  if (!panelistType) return;
  prefetchRawData();
  const raw = prefetchedRawDataAnswer();
  const requested = new URLSearchParams(search).get('dashboard');
  const dashboard = requested === 'glacier' || requested === 'copy' ? requested : 'focus';
  if (!raw) return;
  Promise.all([metadata, raw]).then(
    ([md, r]) => {
      const first = firstSearchOf(dashboardMetaFor(md), dashboard, panelistType, r.newestDay);
      prefetchSearch(first.search, first.request);
    },
    () => undefined,
  );
}
