import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../context';

/** A route module: a Fastify plugin given the server context. Declare full paths (`/api/...`). */
export type RoutePlugin = FastifyPluginAsync<{ ctx: ServerContext }>;
