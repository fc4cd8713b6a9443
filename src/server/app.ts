import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { keepsSchemaCode } from '../engine/schema/compileSchema';
import { addApiSchemas } from './apiSchemas';
import { routeValidators } from './routeValidators';
import { brotliQuality, compressFromBytes, installJsonCompression } from './compressJson';
import type { PortalConfig, ServerContext } from './context';
import { errorBody, installErrorHandler } from './errorHandler';
import { routes } from './routes/index';
import { installMetrics } from './metrics/metricsRoutes';
import { installJsonDepthLimit } from './security/jsonDepth';
import { installRequestSchemas } from './security/requestSchemas';
import { installBadTextCheck } from './security/refuseBadText';
import { installSecurityHeaders } from './security/securityHeaders';
import { isApiPath } from './isApiPath';

/** Fastify types the factory's compiler as Ajv's compile, but calls it with `{ schema, method, url, httpPart }`. */
type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;

/** Largest accepted request body (JSON); upload routes set their own limit. */
export const bodyLimit = 1024 * 1024;

/**
 * PORTAL_TRUST_PROXY as proxy-addr's trust: the client is the rightmost address of the chain that is
 * not a trusted proxy, so what a client writes into X-Forwarded-For itself is never taken. A hop count
 * trusts that many hops from the socket; `true` is one proxy (trusting every hop, proxy-addr's
 * meaning, would take the leftmost, client-written address: issue 26 §7); addresses and CIDRs
 * trust exactly those proxies.
 */
function trustProxyOption(v: PortalConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  const hops = v === true ? 1 : v;
  if (typeof hops === 'number') return (_address, hop) => hop < hops;
  return hops ?? false;
}

/**
 * On a terminal, pino-pretty (a transport: formatting runs in a worker thread); otherwise JSON
 * lines, one per event, for a log collector.
 */
export function loggerOptions(level: string, tty = process.stdout.isTTY === true) {
  return tty ? { level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : { level };
}

const safeRequestId = /^[\w.:-]{1,100}$/;

/**
 * The portal's HTTP server: every module in routes/index.ts, the built client from dist/ with a
 * single-page-app fallback, JSON errors, and a request id on every log line and response.
 * The caller owns the database: closing the app does not close ctx.db.
 */
export async function buildApp(ctx: ServerContext, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // pino JSON lines to stdout (pretty ones on a terminal); tests pass a stream to read what was logged.
    logger: opts.logStream ? { level: ctx.config.logLevel, stream: opts.logStream } : loggerOptions(ctx.config.logLevel),
    bodyLimit,
    // Behind a reverse proxy: req.ip and req.protocol from X-Forwarded-* of the trusted proxies only.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // A caller's x-request-id (from a proxy) is kept when it is a plain token, so logs correlate.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
    },
    // Route validators from kept code where the process keeps it (a `portal` process); Fastify's compiler otherwise.
    ...(keepsSchemaCode() ? { schemaController: { compilersFactory: { buildValidator: routeValidators as unknown as ValidatorFactory } } } : {}),
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  installErrorHandler(app);
  await installMetrics(app, ctx);
  // API answers compressed per Accept-Encoding (the metadata is ~190 KB of JSON); brotli at a low
  // quality, as it runs per response: JSON in one call (compressJson.ts), anything else streamed.
  // Built assets are precompressed and pass through untouched.
  installJsonCompression(app);
  await app.register(fastifyCompress, { global: true, threshold: compressFromBytes, encodings: ['br', 'gzip'], brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } } });
  await installSecurityHeaders(app);
  installJsonDepthLimit(app);
  installRequestSchemas(app);
  installBadTextCheck(app);
  addApiSchemas(app);
  for (const route of routes) await app.register(route, { ctx });

  const clientDir = ctx.config.clientDir;
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent per Accept-Encoding.
      preCompressed: true,
      // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    const api = isApiPath(path);
    if (!api && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes (/products/12, /errorpage, ...) all load the single page app.
      if (hasClient) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.code(404).send(errorBody(404, 'The client is not built: run `npm run build` (or `npm start`).'));
    }
    return reply.code(404).send(errorBody(404, `Route ${req.method} ${path} not found`));
  });

  return app;
}
