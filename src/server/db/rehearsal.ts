import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<true>();
let running = 0;

/**
 * Runs `fn` so that every Db.transaction begun inside it (in its async context, not in work started
 * elsewhere meanwhile) runs to its end and then rolls back instead of committing: a write route can
 * run its whole path, statements included, and store nothing. The server's warm-up before it
 * listens uses it (warmRoutes). Statements outside a transaction still commit.
 */
export async function rehearse<T>(fn: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await store.run(true, fn);
  } finally {
    // Node 20's AsyncLocalStorage tracks every promise while one is enabled: off again once done.
    if (--running === 0) store.disable();
  }
}

/** Whether the caller runs inside rehearse(): its transactions roll back. */
export const rehearsing = (): boolean => store.getStore() === true;
