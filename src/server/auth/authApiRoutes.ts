import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangePasswordRequest, Envelope, PortalAccessPayload, RefreshPayload, RoleData, SignInPayload, SignInRequest } from '../../api/authTypes';
import { httpError } from '../httpError';
import { requireAuth } from './access';
import { allowedOrigins } from './allowedOrigins';
import type { AuthRuntime } from './AuthRuntime';
import { clearSessionCookies, cookieNames, setSessionCookies } from './authCookies';
import { verifyPassword } from './password';
import { beginPasswordAttempt, passwordAttemptSucceeded } from './passwordAttempts';
import { roleData } from './roleData';
import { setUserPassword } from './users';
import { authenticate, refresh, revokeSession, sessionOfRefreshToken, signIn } from './sessions';
import { accessTokenOf } from './accessTokenOf';
import { notAuthorizedSiteMessage } from '../security/crossSiteCheck';

/** Same answer for an unknown user, a wrong password and a disabled user. */
export const badCredentialsMessage = 'Invalid username or password.';
export const tooManyAttemptsMessage = 'Too many failed sign-in attempts. Please wait and try again.';
export const sessionExpiredMessage = 'Your session has expired, please login again';
export { notAuthorizedSiteMessage };

const signInBody = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

const changePasswordBody = {
  type: 'object',
  required: ['current_password', 'new_password'],
  additionalProperties: false,
  properties: { current_password: { type: 'string', minLength: 1, maxLength: 200 }, new_password: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const wrongCurrentPasswordMessage = 'The current password is not right.';
export const samePasswordMessage = 'The new password must differ from the current one.';
export const passwordChangedMessage = 'Your password has been changed. Please sign in with the new password.';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** /api/auth/*: sign-in, refresh, sign-out (also on idle), role data, allowed sectors, activity. */
export const authApiRoutes: FastifyPluginAsync<{ runtime: AuthRuntime }> = async (app, { runtime }) => {
  const { settings } = runtime;
  const origins = () => allowedOrigins(app, settings.allowedOrigins);

  const setPortalAccess = (req: FastifyRequest, reply: FastifyReply) =>
    reply.setCookie(cookieNames.portalAccess, JSON.stringify(origins()), { path: '/', sameSite: 'strict', secure: req.protocol === 'https' });

  app.get('/api/auth/portal-access', { config: { public: true } }, async (req, reply): Promise<Envelope<PortalAccessPayload>> => {
    setPortalAccess(req, reply);
    return { statusCode: 200, payload: { origins: origins() } };
  });

  app.post<{ Body: SignInRequest }>('/api/auth/sign-in', { config: { public: true }, schema: { body: signInBody } }, async (req, reply): Promise<Envelope<SignInPayload>> => {
    // A page outside portal_access cannot get here: the cross-site check answers 401 first.
    const result = await signIn(runtime, { username: req.body.username, password: req.body.password, address: req.ip, userAgent: header(req, 'user-agent') ?? '' });
    if (!result.ok) {
      req.log.info({ username: req.body.username, status: result.status }, 'sign-in refused');
      if (result.status === 429) {
        reply.header('retry-after', String(result.retryAfter));
        throw httpError(429, tooManyAttemptsMessage);
      }
      throw httpError(401, badCredentialsMessage);
    }
    const t = result.tokens;
    const now = settings.now();
    setSessionCookies(req, reply, t, now, settings.sessionMaxMs, now);
    setPortalAccess(req, reply);
    req.log.info({ user: t.username, session: t.sessionId }, 'signed in');
    return {
      statusCode: 200,
      payload: {
        access_token: t.accessToken,
        access_token_expire_time: t.expiresIn,
        user_id: t.userId,
        username: t.username,
        user_role: { role_id: t.roleId, role_name: t.roleName },
        ...(result.mustChangePassword ? { must_change_password: true } : {}),
      },
    };
  });

  // 000 §7: headers Authorization (refresh token), Username, userid; browsers send the HttpOnly cookie.
  // The new refresh token travels only in its HttpOnly cookie, never in the JSON body. A POST: it
  // spends a token and sets cookies, so it passes the cross-site check (issue 26; ASVS V3.5.3).
  app.post('/api/auth/refresh', { config: { public: true } }, async (req, reply): Promise<Envelope<RefreshPayload>> => {
    // An access token (a JWT, with dots) in Authorization is not a refresh token: use the cookie.
    const given = header(req, 'authorization')?.replace(/^Bearer\s+/i, '').trim();
    const fromHeader = given && !given.includes('.') ? given : undefined;
    const token = fromHeader || req.cookies[cookieNames.refreshToken];
    if (!token) throw httpError(401, sessionExpiredMessage);
    const userIdHeader = header(req, 'userid');
    const expectedUserId = userIdHeader && /^\d+$/.test(userIdHeader) ? Number(userIdHeader) : undefined;
    const t = await refresh(runtime, token, expectedUserId);
    const username = header(req, 'username');
    if (!t || (username && username.toLowerCase() !== t.username.toLowerCase())) throw httpError(401, sessionExpiredMessage);
    setSessionCookies(req, reply, t, settings.now(), settings.sessionMaxMs);
    return {
      statusCode: 200,
      payload: {
        access_token: t.accessToken,
        access_token_expire_time: t.expiresIn,
      },
    };
  });

  const signOut = (reason: 'signed-out' | 'idle') => async (req: FastifyRequest, reply: FastifyReply): Promise<Envelope<{ message: string }>> => {
    // Revoke whatever session the caller proves: a live access token, else the refresh cookie.
    const token = accessTokenOf(req);
    const auth = token ? await authenticate(runtime, token) : null;
    const refreshCookie = req.cookies[cookieNames.refreshToken];
    const sessionId = auth?.sessionId ?? (refreshCookie ? await sessionOfRefreshToken(runtime, refreshCookie) : null);
    if (sessionId) await revokeSession(runtime, sessionId, reason === 'idle' ? 'idle sign-out' : 'signed out');
    clearSessionCookies(req, reply, reason);
    req.log.info({ session: sessionId, reason }, 'signed out');
    return { statusCode: 200, payload: { message: 'Signed out' } };
  };
  // POST, so that a link or image on another site cannot sign the user out (ASVS V3.5.3).
  app.post('/api/auth/sign-out', { config: { public: true } }, signOut('signed-out'));
  // 000 §7 "auto sign-out on idle": the same, and isActive=false tells other tabs why.
  app.post('/api/auth/auto-sign-out', { config: { public: true } }, signOut('idle'));

  // 000 §7: "GET role permissions, with id 2 and operation view".
  app.get('/api/auth/permissions', { config: { signedIn: true } }, async (req): Promise<Envelope<RoleData>> => ({
    statusCode: 200,
    payload: roleData(requireAuth(req)),
  }));

  app.get('/api/auth/allowed-sectors', { config: { signedIn: true } }, async (req) => {
    const auth = requireAuth(req);
    return { statusCode: 200, payload: { role_id: auth.roleId, all_sectors: auth.allSectors, sectors: auth.allSectors ? [] : auth.sectors } };
  });

  // ASVS V6.2.2/V6.2.3: change one's own password, proving the current one; every session ends
  // (this one too), so the new password is what signs in from now on.
  app.post<{ Body: ChangePasswordRequest }>(
    '/api/auth/password',
    { config: { signedIn: true }, schema: { body: changePasswordBody } },
    async (req, reply): Promise<Envelope<{ message: string }>> => {
      const auth = requireAuth(req);
      // Guessing the current password is throttled as sign-in is (issue 26 §8): a stolen session
      // must not turn into the password.
      const username = auth.username.trim().toLowerCase();
      const attempt = await beginPasswordAttempt(runtime, username, req.ip);
      if (!attempt.allowed) {
        reply.header('retry-after', String(attempt.retryAfter));
        throw httpError(429, tooManyAttemptsMessage);
      }
      const r = await runtime.db.query<{ password_hash: string }>('select password_hash from auth_users where user_id = $1', [auth.userId]);
      if (!r.rows[0] || !(await verifyPassword(req.body.current_password, r.rows[0].password_hash))) throw httpError(400, wrongCurrentPasswordMessage);
      await passwordAttemptSucceeded(runtime, username, req.ip);
      if (req.body.new_password === req.body.current_password) throw httpError(400, samePasswordMessage);
      await setUserPassword(runtime.db, auth.userId, req.body.new_password);
      req.log.info({ user: auth.username }, 'password changed');
      return { statusCode: 200, payload: { message: passwordChangedMessage } };
    },
  );

  // The client reports user activity (mouse, keys, touch) once a minute while the user is active,
  // so the server's idle limit follows the user and not only the data calls.
  app.post('/api/auth/activity', { config: { signedIn: true } }, async () => ({ statusCode: 200, payload: { ok: true } }));
};
