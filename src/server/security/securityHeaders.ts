import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The app's Content-Security-Policy (ASVS V3.4.3): scripts only from the portal itself, no inline
 * script and no eval (the Admin Portal's form validators are precompiled at build time,
 * codegen/adminFormValidatorsPlugin.ts), no plugins, never framed. Styles allow inline (React style attributes, the email frame's
 * <style>); images allow remote http(s) only because the email frame (a srcdoc frame inherits this
 * policy) shows remote images when the reviewer asks; the frame adds its own stricter policy and
 * sandbox on top.
 */
export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'cid:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
};

/** Seconds of HSTS (one year), sent on HTTPS responses only. */
export const hstsMaxAge = 31_536_000;

/**
 * Security headers on every response, pages, assets, API and errors alike (@fastify/helmet):
 * CSP, X-Frame-Options DENY, Referrer-Policy no-referrer, X-Content-Type-Options nosniff,
 * Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin; HSTS when the request
 * came over HTTPS (directly or through a trusted proxy).
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', `max-age=${hstsMaxAge}; includeSubDomains`);
  });
}
