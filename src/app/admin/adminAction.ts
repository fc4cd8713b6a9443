/** How an Admin Portal panel tells what an action did (or why it did not). */
export type AdminReport = (message: string, intent: 'success' | 'danger') => void;

/**
 * An Admin Portal action as a click handler: runs `what`, reports `done` (or the refusal's message),
 * then `onDone` (e.g. drawing a create form afresh) and a reload of the panel's lists.
 */
export const adminAction =
  (reload: () => Promise<void>, report: AdminReport) =>
  (what: () => Promise<unknown>, done: string, onDone?: () => void) =>
  async (): Promise<void> => {
    try {
      await what();
      report(done, 'success');
      onDone?.();
      await reload();
    } catch (err) {
      report(err instanceof Error ? err.message : String(err), 'danger');
    }
  };
