import { useEffect } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { PortalApi } from '../client/PortalApi';
import { settledBootAnswer, takeBootAnswer } from './bootAnswers';
import type { CacheKey } from './cacheKeys';
import { usePortalApi } from './PortalApiContext';

/**
 * One read through the client, cached by SWR under `key` (null: nothing to read yet). A cached
 * answer is drawn at once and revalidated (on mount and on focus); an answer the page's boot
 * already started is taken instead of a second request.
 *
 * A boot answer that has come is drawn by the first render and not revalidated on mount: it is
 * this page load's own answer, and revalidating it re-rendered the whole dashboard right after its
 * first paint (the answer landed in SWR's cache before the store's subscription, a forced sync
 * render). It is put in the cache after mounting (the same object: nothing re-renders), so a later
 * page keeps it on screen (keepPreviousData) and a remount draws it and asks again.
 */
export function usePortalRead<T>(key: CacheKey | null, read: (api: PortalApi) => Promise<T>, config?: SWRConfiguration<T, Error>): SWRResponse<T, Error> {
  const api = usePortalApi();
  const { mutate } = useSWRConfig();
  const boot = key ? settledBootAnswer<T>(key) : undefined;
  const res = useSWR<T, Error, CacheKey | null>(key, (k: CacheKey) => takeBootAnswer<T>(k) ?? read(api), boot === undefined ? config : { fallbackData: boot, revalidateOnMount: false, ...config });
  // After useSWR's own effects: its store is subscribed by then, and an answer equal to what was
  // drawn does not re-render (before the subscription, React's mount check saw a changed snapshot).
  useEffect(() => {
    if (key && boot !== undefined && takeBootAnswer<T>(key)) void mutate(key, boot, { revalidate: false });
  }, [key, boot, mutate]);
  return res;
}
