import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PanelistTypeFilter } from '../../api/emailTypes';
import { EmailDashboard } from './EmailDashboard';
import { useReportRenderTime } from '../../ui/shell/useReportRenderTime';
import { DashboardMetaProvider } from './DashboardMetaProvider';

/**
 * / and the panelist-type routes (000 §2): the email dashboard for the route's panelist type. The
 * rest of the list's state (the header's dashboard, search, page, size, sort) is the URL's search
 * params (src/app/dashboards/emailListParams.ts).
 */
export function EmailDashboardPage({ panelistType }: { panelistType: PanelistTypeFilter }) {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  useReportRenderTime(ready);
  const onReady = useCallback(() => setReady(true), []);
  // flushSync, as the header's switch: the tab being left must not list after the user left it.
  const onTab = useCallback((path: string) => navigate(path, { flushSync: true }), [navigate]);
  return (
    <DashboardMetaProvider>
      <EmailDashboard panelistType={panelistType} onTab={onTab} onReady={onReady} />
    </DashboardMetaProvider>
  );
}
