import { ApiError } from '../../api/client/ApiError';
import { readCookie } from './cookies';
import { sessionState } from './sessionState';

export interface ApiFetchInit extends RequestInit {
  /** The operation id header (000 §6: "view" on loads); default view. */
  operationId?: string;
  /** Overrides the module matched to the current path. */
  moduleId?: number;
  /** A JSON body; sets content-type. */
  json?: unknown;
  /** Leave a 401 to the caller (sign-in, refresh, sign-out themselves). */
  skipUnauthorizedHandler?: boolean;
  /** Send no access token (refresh: its Authorization header means the refresh token, 000 §7). */
  omitAccessToken?: boolean;
}

export { ApiError };

/**
 * fetch for the portal's API: adds Authorization (access token), userid, moduleid and operationid
 * headers (000 §6, 001 §6, 002 §6). Any 401 clears the session and goes to sign-in with 'Your
 * session has expired, please login again' (000 §8); the response is still returned.
 */
export async function apiFetch(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { operationId = 'view', moduleId, json, skipUnauthorizedHandler, omitAccessToken, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (sessionState.accessToken && !omitAccessToken && !headers.has('authorization')) headers.set('authorization', `Bearer ${sessionState.accessToken}`);
  const userId = readCookie('user_id');
  if (userId) headers.set('userid', userId);
  const module = moduleId ?? sessionState.moduleId;
  if (module !== null && module !== undefined) headers.set('moduleid', String(module));
  headers.set('operationid', operationId);
  let body = rest.body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  const res = await fetch(path, { ...rest, headers, body, credentials: 'same-origin' });
  if (res.status === 401 && !skipUnauthorizedHandler) sessionState.onUnauthorized?.();
  return res;
}

/** apiFetch that parses JSON and throws ApiError (with the server's message and code) when not 2xx. */
export async function apiJson<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw ApiError.of(res.status, data, res.statusText);
  return data as T;
}
