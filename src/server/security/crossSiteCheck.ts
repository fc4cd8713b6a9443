import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allowedOrigins } from '../auth/allowedOrigins';
import { httpError } from '../httpError';

/** 000 §8's message for a page outside portal_access (sign-in keeps its spec status, 401). */
export const notAuthorizedSiteMessage = 'You are not authorized to access to this site.';
export const crossSiteMessage = 'This request did not come from the portal: refused.';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Why a state-changing request must be refused as cross-site (ASVS V3.5.1), or null to let it go.
 * A browser sends Origin on every POST/PUT/PATCH/DELETE (fetch, forms, multipart alike); it must be
 * one of the allowed origins. Without Origin, Sec-Fetch-Site must say same-origin (or none: typed by
 * the user). A request with neither comes from no browser (curl, the CLI, scripts with a token).
 */
export function crossSiteProblem(req: FastifyRequest, origins: string[]): string | null {
  if (safeMethods.has(req.method)) return null;
  const origin = header(req, 'origin');
  if (origin !== undefined) return origins.includes(origin) ? null : `origin ${origin}`;
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `sec-fetch-site ${site}`;
  return null;
}

/**
 * One check for every state-changing request, before its body is read (so multipart uploads too):
 * 403, or 401 with 000 §8's message on sign-in. Origins: PORTAL_ALLOWED_ORIGINS, else the server's own.
 */
export function installCrossSiteCheck(app: FastifyInstance, configured: () => string[] | null): void {
  app.addHook('onRequest', async (req) => {
    const problem = crossSiteProblem(req, allowedOrigins(app, configured()));
    if (!problem) return;
    req.log.warn({ problem, method: req.method, url: req.url }, 'cross-site request refused');
    if (req.routeOptions.url === '/api/auth/sign-in') throw httpError(401, notAuthorizedSiteMessage);
    throw httpError(403, crossSiteMessage);
  });
}
