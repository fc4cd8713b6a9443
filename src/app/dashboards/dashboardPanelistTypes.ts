import type { PanelistTypeFilter } from '../../api/emailTypes';

/**
 * The email dashboards' paths (src/app/routes.tsx) and their panelist types. Kept here, without
 * the router, so the boot code that reads it stays small; a path missing here only loses the
 * prefetch, never the screen.
 */
export const dashboardPanelistTypes: Record<string, PanelistTypeFilter> = { '/': 'all', '/producer': 'producer', '/consumer': 'consumer', '/mortgage': 'mortgage', '/provider': 'provider' };

/** The panelist type of a dashboard path (a trailing slash allowed), or undefined off the dashboards. */
export function dashboardPanelistTypeOf(pathname: string): PanelistTypeFilter | undefined {
  return dashboardPanelistTypes[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
}
