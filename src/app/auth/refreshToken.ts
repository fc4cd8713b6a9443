import { authApi } from './authApi';
import { readCookie, writeCookie } from './cookies';
import { sessionState } from './sessionState';
import { nextTokenExpireTime, shouldRefresh } from './sessionTimers';

/**
 * Refreshes the access token when token_expire_time has passed (000 §9). Tabs take a Web Lock and
 * re-check the shared cookie inside it, so two tabs never present the same refresh token (which the
 * server would treat as a replay and end the session). Returns false when the refresh failed.
 */
export async function refreshIfDue(): Promise<boolean> {
  const run = async (): Promise<boolean> => {
    const now = Date.now();
    if (!shouldRefresh(now, readCookie('token_expire_time'))) return true;
    try {
      const res = await authApi.refresh();
      if (res.statusCode !== 200) return false;
      sessionState.accessToken = res.payload.access_token;
      writeCookie('token_expire_time', String(nextTokenExpireTime(now, res.payload.access_token_expire_time)));
      return true;
    } catch {
      return false;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('portal-token-refresh', run) : run();
}
