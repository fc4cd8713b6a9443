import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope, PortalAccessPayload, RefreshPayload, RoleData, SignInPayload, SignInRequest } from '../../api/authTypes';
import { httpError } from '../httpError';
import { requireAuth } from './access';
import { allowedOrigins } from './allowedOrigins';
import type { AuthRuntime } from './AuthRuntime';
import { clearSessionCookies, cookieNames, setSessionCookies } from './authCookies';
import { roleData } from './roleData';
import { authenticate, refresh, revokeSession, sessionOfRefreshToken, signIn } from './sessions';
import { accessTokenOf } from './accessTokenOf';

/** Same answer for an unknown user, a wrong password and a disabled user. */
export const badCredentialsMessage = 'Invalid username or password.';
export const tooManyAttemptsMessage = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const sessionExpiredMessage = 'Your session has expired, please login again';
export const notAuthorizedSiteMessage = 'You are not authorized to access to this site.';

const signInBody = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    include_refresh_token: { type: 'boolean' },
  },
} as const;

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
    // Browsers send Origin on POST: a page served from a site outside portal_access cannot sign in.
    const origin = header(req, 'origin');
    if (origin && !origins().includes(origin)) throw httpError(401, notAuthorizedSiteMessage);
    const result = await signIn(runtime, { username: req.body.username, password: req.body.password, address: req.ip, userAgent: header(req, 'user-agent') ?? '' });
    if (!result.ok) {
      req.log.info({ username: req.body.username, status: result.status }, 'sign-in refused');
      throw httpError(result.status, result.status === 429 ? tooManyAttemptsMessage : badCredentialsMessage);
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
        ...(req.body.include_refresh_token ? { refresh_token: t.refreshToken } : {}),
      },
    };
  });

  // 000 §7: headers Authorization (refresh token), Username, userid; browsers send the HttpOnly cookie.
  app.get<{ Querystring: { include_refresh_token?: string } }>('/api/auth/refresh', { config: { public: true } }, async (req, reply): Promise<Envelope<RefreshPayload>> => {
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
        ...(req.query.include_refresh_token === 'true' || fromHeader ? { refresh_token: t.refreshToken } : {}),
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
  app.get('/api/auth/sign-out', { config: { public: true } }, signOut('signed-out'));
  // 000 §7 "GET auto sign-out on idle": the same, and isActive=false tells other tabs why.
  app.get('/api/auth/auto-sign-out', { config: { public: true } }, signOut('idle'));

  // 000 §7: "GET role permissions, with id 2 and operation view".
  app.get('/api/auth/permissions', { config: { signedIn: true } }, async (req): Promise<Envelope<RoleData>> => ({
    statusCode: 200,
    payload: roleData(requireAuth(req)),
  }));

  app.get('/api/auth/allowed-sectors', { config: { signedIn: true } }, async (req) => {
    const auth = requireAuth(req);
    return { statusCode: 200, payload: { role_id: auth.roleId, all_sectors: auth.allSectors, sectors: auth.allSectors ? [] : auth.sectors } };
  });

  // The client reports user activity (mouse, keys, touch) once a minute while the user is active,
  // so the server's idle limit follows the user and not only the data calls.
  app.post('/api/auth/activity', { config: { signedIn: true } }, async () => ({ statusCode: 200, payload: { ok: true } }));
};
