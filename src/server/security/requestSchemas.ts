import type { FastifyInstance, FastifySchema } from 'fastify';
import { boundNumbers } from './boundNumbers';

/** The query schema of a route that declares none: its parameters are dropped before the handler. */
const noQuery = { type: 'object', properties: {}, additionalProperties: false } as const;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Every /api route validates what it reads (issue 26 §11): numbers in its body, query and params
 * schemas are bounded (boundNumbers), and a route without a query schema gets one that drops every
 * parameter, so no handler reads an unvalidated query. Bodies: every route that reads one declares
 * its schema (tests/server/routeFuzz.test.ts lists the few multipart and body-less ones).
 */
export function installRequestSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const schema: FastifySchema = { ...(route.schema ?? {}) };
    if (schema.body) schema.body = boundNumbers(schema.body);
    if (schema.params) schema.params = boundNumbers(schema.params);
    schema.querystring = schema.querystring ? boundNumbers(schema.querystring) : noQuery;
    route.schema = schema;
  });
}
