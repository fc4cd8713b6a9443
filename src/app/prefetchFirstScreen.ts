import { matchRoutes } from 'react-router-dom';
import type { ShellRouteHandle } from '../ui/shell/shellRouteHandle';
import { readCookie } from './auth/cookies';
import { prefetchRawData } from './dashboards/httpEmailApi';
import { loadMetadataFiles } from './loadMetadataFiles';
import { routes } from './routes';

/**
 * Starts the first screen's data while the session check runs, instead of one request after
 * another (issue 17: first load): the metadata every screen reads and, on a dashboard, the raw data
 * its default search needs. Signed-out pages start nothing.
 */
export function prefetchFirstScreen(pathname: string): void {
  if (readCookie('isSignedIn') !== 'true') return;
  loadMetadataFiles().catch(() => undefined);
  const deepest = matchRoutes(routes, pathname)?.at(-1);
  if ((deepest?.route.handle as ShellRouteHandle | undefined)?.dashboard) prefetchRawData();
}
