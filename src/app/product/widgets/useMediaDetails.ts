import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { isProcessing, type MediaDetails } from './MediaDetails';

type Loader = (productId: number) => Promise<MediaDetails>;

interface Entry {
  details: MediaDetails | null;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setTimeout>;
  loading?: Promise<void>;
}

const entries = new Map<number, Entry>();
const pollMs = 1000;

function entryOf(productId: number): Entry {
  let e = entries.get(productId);
  if (!e) entries.set(productId, (e = { details: null, listeners: new Set() }));
  return e;
}

/** Loads the product's media details again; while its PDF is processed, keeps asking every second. */
export function refreshMediaDetails(productId: number, load: Loader): Promise<void> {
  const e = entryOf(productId);
  if (e.timer) clearTimeout(e.timer);
  e.timer = undefined;
  e.loading ??= load(productId)
    .then((d) => {
      e.details = d;
      for (const l of e.listeners) l();
      // The next poll only while someone still shows it.
      if (isProcessing(d)) e.timer = setTimeout(() => (e.listeners.size ? void refreshMediaDetails(productId, load) : undefined), pollMs);
    })
    .catch(() => undefined)
    .finally(() => {
      e.loading = undefined;
    });
  return e.loading;
}

/**
 * The media details of a product shared by the media block's widgets (one request, one poll),
 * or null before the first answer or without a product id.
 */
export function useMediaDetails(productId: number | undefined, load: Loader): MediaDetails | null {
  // A stable subscribe: React resubscribes whenever it changes.
  const subscribe = useCallback(
    (cb: () => void) => {
      if (!productId) return () => undefined;
      const e = entryOf(productId);
      e.listeners.add(cb);
      return () => void e.listeners.delete(cb);
    },
    [productId],
  );
  const details = useSyncExternalStore(subscribe, () => (productId ? (entries.get(productId)?.details ?? null) : null));
  useEffect(() => {
    if (productId) void refreshMediaDetails(productId, load);
  }, [productId, load]);
  return details;
}
