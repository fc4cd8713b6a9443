import type { FastifyRequest } from 'fastify';
import { cookieNames } from './authCookies';

/** The access token: `Authorization: Bearer <jwt>` (or the bare jwt), else the access_token cookie. */
export function accessTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header) return header.replace(/^Bearer\s+/i, '').trim();
  return req.cookies?.[cookieNames.accessToken];
}
