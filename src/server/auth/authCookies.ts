import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from './sessions';

/** 000 §9's cookie names. */
export const cookieNames = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenExpireTime: 'token_expire_time',
  portalAccess: 'portal_access',
  userId: 'user_id',
  username: 'username',
  userRole: 'user_role',
  startTime: 'startTime',
  isActive: 'isActive',
  isSignedIn: 'isSignedIn',
  lastVisitedUrl: 'lastVisitedUrl',
} as const;

export const refreshCookiePath = '/api/auth';

function base(req: FastifyRequest, maxAgeMs: number): CookieSerializeOptions {
  return { path: '/', sameSite: 'strict', secure: req.protocol === 'https', maxAge: Math.floor(maxAgeMs / 1000) };
}

/** 000 §9: refresh when expired, the new expiry being the lifetime in minutes minus 5 (epoch ms). */
export function tokenExpireTime(nowMs: number, lifetimeSeconds: number): number {
  return nowMs + (lifetimeSeconds / 60 - 5) * 60_000;
}

/** The cookies of a signed-in browser; tokens HttpOnly, the rest readable by the client's timers. */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens, nowMs: number, sessionMaxMs: number, startTime?: number): void {
  const opts = base(req, sessionMaxMs);
  const hidden = { ...opts, httpOnly: true };
  reply.setCookie(cookieNames.accessToken, tokens.accessToken, hidden);
  reply.setCookie(cookieNames.refreshToken, tokens.refreshToken, { ...hidden, path: refreshCookiePath });
  reply.setCookie(cookieNames.tokenExpireTime, String(tokenExpireTime(nowMs, tokens.expiresIn)), opts);
  reply.setCookie(cookieNames.userId, String(tokens.userId), opts);
  reply.setCookie(cookieNames.username, tokens.username, opts);
  reply.setCookie(cookieNames.userRole, String(tokens.roleId), opts);
  if (startTime !== undefined) reply.setCookie(cookieNames.startTime, String(startTime), opts);
  reply.setCookie(cookieNames.isActive, 'true', opts);
  reply.setCookie(cookieNames.isSignedIn, 'true', opts);
}

/** Sign-out: tokens and user cookies go; isSignedIn=false (and isActive=false on idle) tell other tabs. */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply, reason: 'signed-out' | 'idle'): void {
  const opts = { path: '/', sameSite: 'strict' as const, secure: req.protocol === 'https' };
  for (const name of [cookieNames.accessToken, cookieNames.tokenExpireTime, cookieNames.userId, cookieNames.username, cookieNames.userRole, cookieNames.startTime]) {
    reply.clearCookie(name, opts);
  }
  reply.clearCookie(cookieNames.refreshToken, { ...opts, path: refreshCookiePath });
  reply.setCookie(cookieNames.isSignedIn, 'false', opts);
  if (reason === 'idle') reply.setCookie(cookieNames.isActive, 'false', opts);
}
