import { DeduplicatesView } from './DeduplicatesView';
import { ImportLogsView } from './ImportLogsView';
import { DashboardMetaProvider } from './DashboardMetaProvider';

/** /importlogs (000 §2 Import job logs). */
export function ImportLogsScreen() {
  return (
    <DashboardMetaProvider>
      <ImportLogsView />
    </DashboardMetaProvider>
  );
}

/** /deduplicates (000 §2 Deduplicates). */
export function DeduplicatesScreen() {
  return (
    <DashboardMetaProvider>
      <DeduplicatesView />
    </DashboardMetaProvider>
  );
}
