import type { Envelope, PortalAccessPayload, RefreshPayload, RoleData, SignInPayload } from '../../api/authTypes';
import { apiFetch, apiJson } from './apiFetch';
import { readCookie } from './cookies';

/** The session calls of 000 §7. */
export const authApi = {
  portalAccess: () => apiJson<Envelope<PortalAccessPayload>>('/api/auth/portal-access', { skipUnauthorizedHandler: true }),
  signIn: (username: string, password: string) =>
    apiJson<Envelope<SignInPayload>>('/api/auth/sign-in', { method: 'POST', json: { username, password }, skipUnauthorizedHandler: true }),
  /** 000 §9 "GET role permissions, with id 2 and operation view". */
  permissions: () => apiJson<Envelope<RoleData>>('/api/auth/permissions'),
  /** The refresh token travels in its HttpOnly cookie; Username and userid headers as 000 §7. */
  refresh: () =>
    apiJson<Envelope<RefreshPayload>>('/api/auth/refresh', {
      method: 'POST',
      headers: { username: readCookie('username') ?? '' },
      omitAccessToken: true,
      skipUnauthorizedHandler: true,
    }),
  signOut: () => apiFetch('/api/auth/sign-out', { method: 'POST', skipUnauthorizedHandler: true }),
  autoSignOut: () => apiFetch('/api/auth/auto-sign-out', { method: 'POST', skipUnauthorizedHandler: true }),
  /** The server ends every session of the user afterwards: sign in again with the new password. */
  changePassword: (current_password: string, new_password: string) =>
    apiJson<Envelope<{ message: string }>>('/api/auth/password', { method: 'POST', json: { current_password, new_password }, skipUnauthorizedHandler: true }),
  reportActivity: () => apiFetch('/api/auth/activity', { method: 'POST', skipUnauthorizedHandler: true }),
};
