import { DeduplicatesView } from './DeduplicatesView';
import { ImportLogsView } from './ImportLogsView';
import { EmailApiProvider } from './EmailApiProvider';

/** /importlogs (000 §2 Import job logs). */
export function ImportLogsScreen() {
  return (
    <EmailApiProvider>
      <ImportLogsView />
    </EmailApiProvider>
  );
}

/** /deduplicates (000 §2 Deduplicates). */
export function DeduplicatesScreen() {
  return (
    <EmailApiProvider>
      <DeduplicatesView />
    </EmailApiProvider>
  );
}
