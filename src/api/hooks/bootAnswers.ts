import type { CacheKey } from './cacheKeys';

interface Started {
  answer: Promise<unknown>;
  settled?: { value: unknown };
  taken: boolean;
}

/** Answers started before React rendered, by cache key (no React or SWR import: the boot code loads this). */
const started = new Map<string, Started>();
const id = (key: CacheKey) => JSON.stringify(key);

/**
 * Offers an answer the page's boot started (issue 17: first load) for the hook that reads `key`:
 * its fetcher takes the request instead of sending it again, and its first render draws the answer
 * when it has come. Keys must be built by cacheKeys, as the hooks build them.
 */
export function offerBootAnswer<T>(key: CacheKey, answer: Promise<T>): Promise<T> {
  const entry: Started = { answer, taken: false };
  started.set(id(key), entry);
  answer.then(
    (value) => (entry.settled = { value }),
    () => started.delete(id(key)),
  );
  return answer;
}

/** The boot's request for `key`, once (a later read asks the server again). */
export function takeBootAnswer<T>(key: CacheKey): Promise<T> | undefined {
  const entry = started.get(id(key));
  if (!entry || entry.taken) return undefined;
  entry.taken = true;
  return entry.answer as Promise<T>;
}

/** The boot's answer for `key` when it has come and is not taken yet: the first render's data. */
export function settledBootAnswer<T>(key: CacheKey): T | undefined {
  const entry = started.get(id(key));
  return entry && !entry.taken ? (entry.settled?.value as T | undefined) : undefined;
}
