import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { PortalApi } from '../client/PortalApi';
import { settledBootAnswer, takeBootAnswer } from './bootAnswers';
import type { CacheKey } from './cacheKeys';
import { usePortalApi } from './PortalApiContext';

/**
 * One read through the client, cached by SWR under `key` (null: nothing to read yet). A cached
 * answer is drawn at once and revalidated (on mount and on focus); an answer the page's boot
 * already started is taken instead of a second request.
 */
export function usePortalRead<T>(key: CacheKey | null, read: (api: PortalApi) => Promise<T>, config?: SWRConfiguration<T, Error>): SWRResponse<T, Error> {
  const api = usePortalApi();
  const boot = key ? settledBootAnswer<T>(key) : undefined;
  return useSWR<T, Error, CacheKey | null>(key, (k: CacheKey) => takeBootAnswer<T>(k) ?? read(api), boot === undefined ? config : { fallbackData: boot, ...config });
}
