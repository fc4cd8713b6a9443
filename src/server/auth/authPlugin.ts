import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import type { Db } from '../db/Db';
import { httpError } from '../httpError';
import { noPermissionMessage } from './access';
import { hasPermission } from './AuthContext';
import type { AuthRuntime } from './AuthRuntime';
import { adminApiRoutes } from './adminApiRoutes';
import { authApiRoutes } from './authApiRoutes';
import { accessTokenOf } from './accessTokenOf';
import type { AuthSettings } from './authSettings';
import { findModule } from './modules';
import { authenticate } from './sessions';
import { loadJwtKey } from './tokens';
import { installCrossSiteCheck } from '../security/crossSiteCheck';
import { startAuthPruning } from './pruneAuthTables';

/** One /api route and what it declared, collected as routes register (for checks and tests). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: 'public' | 'signedIn' | 'permission' | 'undeclared';
  module?: string;
  operation?: string;
  /** Other operations of the module that also let a call through (the handler then checks which it needs). */
  also?: string[];
  /** What the route validates (body, querystring, params), as it declared it. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For a route whose paths the metadata names: false for a path it does not name (answered 404). */
    pathKnown?: (params: unknown) => boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its access declaration. */
    apiRouteAccess: DeclaredRoute[];
    authRuntime: AuthRuntime;
  }
}

export interface AuthPluginOptions {
  db: Db;
  settings: AuthSettings;
}


function declared(method: string, url: string, config: Record<string, unknown> | undefined): DeclaredRoute {
  if (config?.public === true) return { method, url, access: 'public' };
  const permission = config?.permission as { module?: string; operation?: string; also?: string[] } | undefined;
  if (permission?.module && permission.operation) {
    return { method, url, access: 'permission', module: permission.module, operation: permission.operation, ...(permission.also?.length ? { also: permission.also } : {}) };
  }
  if (config?.signedIn === true) return { method, url, access: 'signedIn' };
  return { method, url, access: 'undeclared' };
}

export const mustChangePasswordMessage = 'You must change your password before you continue.';
/** What a user who must change a generated password may still call. */
const passwordChangeRoutes = new Set(['/api/auth/password', '/api/auth/permissions', '/api/auth/activity']);

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Sign-in, sessions and permission enforcement for the whole server. Registered without
 * encapsulation (skip-override) and before every other route module, so its hooks see every route:
 * each /api route must declare `config.public`, `config.signedIn` or `config.permission`; an
 * undeclared route is refused (fail closed), a call without a valid session gets 401, and one
 * without the declared module operation gets 403 (logged).
 */
const plugin: FastifyPluginAsync<AuthPluginOptions> = async (app: FastifyInstance, opts) => {
  if (!app.hasRequestDecorator('cookies')) await app.register(fastifyCookie);
  const runtime: AuthRuntime = { db: opts.db, key: await loadJwtKey(opts.db, opts.settings.jwtSecret), settings: opts.settings };
  app.decorate('authRuntime', runtime);
  app.decorate('apiRouteAccess', [] as DeclaredRoute[]);
  app.decorateRequest('auth', null);

  installCrossSiteCheck(app, () => opts.settings.allowedOrigins);
  startAuthPruning(app, runtime);

  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const entry = declared(method, route.url, route.config as Record<string, unknown> | undefined);
      if (entry.access === 'permission' && !findModule(entry.module ?? '')) {
        throw new Error(`${method} ${route.url} declares unknown module "${entry.module}" (schemas/admin/modules.json)`);
      }
      if (entry.access === 'undeclared') app.log.error({ method, url: route.url }, 'API route declares no access: it will refuse every call');
      app.apiRouteAccess.push({ ...entry, ...(route.schema ? { schema: route.schema } : {}) });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const url = req.routeOptions.url;
    if (url === undefined || !isApi(url)) return; // static files, SPA fallback and 404s
    // A route whose paths the metadata names (the per-section loaders) answers a path it does not
    // name like a route that does not exist: 404 before the session check.
    const pathKnown = req.routeOptions.config?.pathKnown;
    if (pathKnown && !pathKnown(req.params)) {
      reply.callNotFound();
      return reply;
    }
    const entry = declared(req.method, url, req.routeOptions.config as unknown as Record<string, unknown>);
    if (entry.access === 'public') return;
    if (entry.access === 'undeclared') {
      req.log.error({ url }, 'refused: route declares no access');
      throw httpError(403, 'This route declares no permission.');
    }
    const token = accessTokenOf(req);
    req.auth = token ? await authenticate(runtime, token) : null;
    if (!req.auth) throw httpError(401, 'Your session has expired, please login again');
    if (req.auth.mustChangePassword && !passwordChangeRoutes.has(url)) throw httpError(403, mustChangePasswordMessage);
    const granted = (op: string) => hasPermission(req.auth!, entry.module ?? '', op);
    if (entry.access === 'permission' && !granted(entry.operation ?? '') && !(entry.also ?? []).some(granted)) {
      req.log.warn({ user: req.auth.username, role: req.auth.roleName, module: entry.module, operation: entry.operation, url }, 'permission refused');
      throw httpError(403, noPermissionMessage);
    }
  });

  await app.register(authApiRoutes, { runtime });
  await app.register(adminApiRoutes, { runtime });
};

// Same effect as fastify-plugin: the hooks and decorators apply to the parent (the whole app).
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export const authPlugin = plugin;
