import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import productApi from '../../../codegen/generated/product-api-schemas.json';
import { setSchemaCompiler } from '../../../src/engine/schema/compileSchema';
import { addApiSchemas } from '../../../src/server/apiSchemas';
import { addProductApiSchemas, productSchema, type ProductApiTypeName } from '../../../src/server/products/productApiSchemas';
import { routeValidators } from '../../../src/server/routeValidators';
import { schemaCodeCache } from '../../../src/server/schemaCodeCache';

// A `portal` process compiles route validators through its kept code (app.ts); they must accept,
// refuse and rewrite (coercion, defaults, removed keys) every request exactly as Fastify's own compiler.

const dir = mkdtempSync(join(tmpdir(), 'route-validators-'));
// The worker runs other files after this one (isolate: false): they get back the compiler they had.
const previous = setSchemaCompiler(undefined);
afterAll(() => {
  setSchemaCompiler(previous);
  rmSync(dir, { recursive: true, force: true });
});

const names = Object.keys(productApi.definitions) as ProductApiTypeName[];

async function appWith(kept: boolean): Promise<FastifyInstance> {
  const app = Fastify(kept ? { schemaController: { compilersFactory: { buildValidator: routeValidators as never } } } : {});
  addApiSchemas(app);
  await app.register(async (scope) => {
    addProductApiSchemas(scope);
    for (const name of names) scope.post(`/${name}`, { schema: { body: productSchema(name) } }, async (req) => ({ body: req.body }));
    scope.get('/query', { schema: { querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 }, ids: { type: 'array', items: { type: 'number' } }, when: { type: 'string', format: 'date' }, size: { type: 'integer', default: 20 } }, additionalProperties: false } } }, async (req) => ({ query: req.query }));
  });
  await app.ready();
  return app;
}

const bodies: unknown[] = [{}, { id: '12', product_id: '7', extra: 'x', rows: ['1'], muid: 3, text: 5 }, { product_id: 12, muid: '12', entry_id: 'a', send: 'true' }, [], 'text'];
const queries = ['page=2&ids=1&ids=2&when=2024-02-28&junk=1', 'page=0', 'when=2024-02-30', 'page=x', ''];

describe('route validators through kept code (src/server/routeValidators.ts)', () => {
  it("answers every product API schema's requests as Fastify's compiler, cold and warm", async () => {
    const fastify = await appWith(false);
    setSchemaCompiler(schemaCodeCache(dir));
    const cold = await appWith(true);
    const warm = await appWith(true);
    try {
      for (const app of [cold, warm]) {
        for (const name of names) {
          for (const body of bodies) {
            const req = { method: 'POST' as const, url: `/${name}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
            const [expected, actual] = await Promise.all([fastify.inject(req), app.inject(req)]);
            expect({ name, body, status: actual.statusCode, payload: actual.json() as unknown }).toEqual({ name, body, status: expected.statusCode, payload: expected.json() as unknown });
          }
        }
        for (const q of queries) {
          const [expected, actual] = await Promise.all([fastify.inject(`/query?${q}`), app.inject(`/query?${q}`)]);
          expect({ q, status: actual.statusCode, payload: actual.json() as unknown }).toEqual({ q, status: expected.statusCode, payload: expected.json() as unknown });
        }
      }
      // Not only refusals: the coerced, defaulted and pruned query passes.
      expect((await warm.inject('/query?page=2&ids=1&junk=1')).json()).toEqual({ query: { page: 2, ids: [1], size: 20 } });
    } finally {
      await Promise.all([fastify.close(), cold.close(), warm.close()]);
    }
  });
});
