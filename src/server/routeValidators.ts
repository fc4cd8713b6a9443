import type { AnySchema, Options } from 'ajv';
import fastUri from 'fast-uri';
import { compileSchema } from '../engine/schema/compileSchema';

/** @fastify/ajv-compiler's defaults (its lib/default-ajv-options.js), which the portal's routes are written against. */
const fastifyAjvOptions: Options = { coerceTypes: 'array', useDefaults: true, removeAdditional: true, uriResolver: fastUri, addUsedSchema: false, allErrors: false };

type SchemaWithId = AnySchema & { $id?: string };

/**
 * Fastify's `schemaController.compilersFactory.buildValidator` compiling through the process's schema
 * compiler: in a `portal` process that keeps validators' code (schemaCodeCache.ts), route
 * validators are loaded instead of compiled at each start (~1 CPU-s). Same options, formats and
 * shared schemas as Fastify's own compiler.
 */
export function routeValidators(externalSchemas: Record<string, SchemaWithId>, options: { customOptions?: Options } = {}) {
  const refs = Object.values(externalSchemas).map((schema) => ({ schema }));
  const ids = new Set(Object.values(externalSchemas).map((s) => s.$id));
  const ajvOptions = { ...fastifyAjvOptions, ...options.customOptions };
  return ({ schema }: { schema: SchemaWithId }) =>
    // A route schema that is itself a shared one is compiled by reference, as Fastify's compiler returns the stored one.
    compileSchema({ options: ajvOptions, formats: true, refs, root: schema.$id && ids.has(schema.$id) ? { $ref: schema.$id } : schema });
}
