import { timingSafeEqual, createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../errorHandler';
import type { ServerContext } from '../context';
import { httpRequestSeconds, metricsRegistry } from './portalMetrics';
import { readJobGauges } from './readJobGauges';
import { isApiPath } from '../isApiPath';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Bearer token check in constant time (hashes first, so the lengths never differ). */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The warm-up's requests (warmRoutes: in process, before the server listens) carry this header with
 * a value made per process, so no client can hide its requests behind it. They are no user's: an
 * operator's latency histogram starts with the first real request, not with the cold-code timings
 * of the warm-up.
 */
export const warmUpHeader = { 'x-portal-warm-up': randomUUID() };
const isWarmUp = (req: FastifyRequest) => req.headers['x-portal-warm-up'] === warmUpHeader['x-portal-warm-up'];

/**
 * Times every request into the latency histogram by its route pattern (unmatched paths share one
 * label, so a scan of random URLs cannot grow the series; the client's pages, index.html for any
 * path the client routes, share another), and serves GET /metrics in the
 * Prometheus text format to a caller presenting PORTAL_METRICS_TOKEN; without that setting the
 * route is off (404).
 */
export async function installMetrics(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.addHook('onResponse', async (req, reply) => {
    if (isWarmUp(req)) return;
    // A page of the single page app (index.html for any client route) is not an unmatched request.
    const route = req.routeOptions.url ?? ((req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url.split('?')[0]!) ? 'client page' : 'unmatched');
    httpRequestSeconds.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const token = ctx.config.metricsToken;
  app.get('/metrics', async (req, reply) => {
    if (!token) return reply.code(404).send(errorBody(404, 'Metrics are off: set PORTAL_METRICS_TOKEN to serve them.'));
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(errorBody(401, 'A valid metrics token is required (Authorization: Bearer <PORTAL_METRICS_TOKEN>).'));
    }
    await readJobGauges(ctx.db);
    return reply.type(metricsRegistry.contentType).header('cache-control', 'no-store').send(await metricsRegistry.metrics());
  });
}
