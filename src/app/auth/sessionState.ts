/**
 * The tab's session state outside React, so apiFetch can use it: the access token from the last
 * sign-in or refresh (kept in memory only; the HttpOnly cookie covers new tabs), the module the
 * current path matched, and what to do on a 401.
 */
interface SessionState {
  accessToken: string | null;
  moduleId: number | null;
  onUnauthorized: (() => void) | null;
}

export const sessionState: SessionState = { accessToken: null, moduleId: null, onUnauthorized: null };
