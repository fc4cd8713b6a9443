import type { SWRConfiguration } from 'swr';
import { ApiError } from '../client/ApiError';

/**
 * The portal's SWR settings (src/app/App.tsx): revalidate on focus and reconnect; a refusal (4xx:
 * not found, not allowed, invalid) is an answer, not a failure to retry.
 */
export const swrDefaults: SWRConfiguration = {
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  shouldRetryOnError: (err: unknown) => !(err instanceof ApiError && err.status < 500),
  errorRetryCount: 3,
};
