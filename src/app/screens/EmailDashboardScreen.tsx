import { H2 } from '@blueprintjs/core';
import { useReportRenderTime } from '../../ui/shell/useReportRenderTime';
import type { PanelistTypeRoute } from '../panelistTypeRoutes';
import { panelistTypeLabel } from '../panelistTypeRoutes';

interface EmailDashboardScreenProps {
  panelistType: PanelistTypeRoute;
}

/** Placeholder for the Focus / e-Glacier email dashboard (000 §2); reports its render time to the header. */
export function EmailDashboardScreen({ panelistType }: EmailDashboardScreenProps) {
  useReportRenderTime();
  return (
    <section className="portal-placeholder">
      <H2>Focus dashboard</H2>
      <p>{panelistTypeLabel(panelistType)}: the email list, search and triage actions will appear here.</p>
    </section>
  );
}
