import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PanelistTypeFilter } from '../../api/emailTypes';
import { EmailDashboard } from './EmailDashboard';
import { useReportRenderTime } from '../../ui/shell/useReportRenderTime';
import { EmailApiProvider } from './EmailApiProvider';

/**
 * / and the panelist-type routes (000 §2): the email dashboard for the route's panelist type; the
 * header's Focus / e-Glacier / Copy buttons choose the dashboard with ?dashboard=.
 */
export function EmailDashboardPage({ panelistType }: { panelistType: PanelistTypeFilter }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('dashboard');
  const dashboard = requested === 'glacier' || requested === 'copy' ? requested : 'focus';
  const [ready, setReady] = useState(false);
  useReportRenderTime(ready);
  const onReady = useCallback(() => setReady(true), []);
  // flushSync, as the header's switch: the tab being left must not list after the user left it.
  const onTab = useCallback((path: string) => navigate(dashboard === 'focus' ? path : `${path}?dashboard=${dashboard}`, { flushSync: true }), [navigate, dashboard]);
  const onOpen = useCallback(
    (path: string, newTab: boolean) => {
      if (newTab) window.open(path, '_blank', 'noopener');
      else navigate(path);
    },
    [navigate],
  );
  return (
    <EmailApiProvider>
      {/* One dashboard per switch: its first request already has the switched state (000 §4). */}
      <EmailDashboard key={dashboard} panelistType={panelistType} dashboard={dashboard} onTab={onTab} onOpen={onOpen} onReady={onReady} />
    </EmailApiProvider>
  );
}
