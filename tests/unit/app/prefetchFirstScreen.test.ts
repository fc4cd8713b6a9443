import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { dashboardPanelistTypes } from '../../../src/app/prefetchFirstScreen';
import { routes } from '../../../src/app/routes';
import type { ShellRouteHandle } from '../../../src/ui/shell/shellRouteHandle';
import { groupThousands } from '../../../src/ui/dashboard/Pager';

describe('prefetchFirstScreen (issue 17: first load)', () => {
  it('knows every dashboard route, and each is the dashboard of that panelist type', () => {
    const dashboards = routes[0].children!.filter((r) => (r.handle as ShellRouteHandle | undefined)?.dashboard).map((r) => (r.index ? '/' : `/${r.path}`));
    expect(Object.keys(dashboardPanelistTypes).sort()).toEqual(dashboards.sort());
    for (const [path, type] of Object.entries(dashboardPanelistTypes)) {
      const deepest = matchRoutes(routes, path)?.at(-1)?.route;
      expect((deepest?.element as { props: { panelistType: string } }).props.panelistType).toBe(type);
    }
  });
});

describe('groupThousands', () => {
  it.each([0, 7, 999, 1000, 12345, 1234567, -4321, 1e9])('writes %d as toLocaleString("en-US") does', (n) => {
    expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
