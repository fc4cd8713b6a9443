import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { boundNumbers } from './security/boundNumbers';
import { projectRoot } from './paths';

type Generated = typeof import('../../codegen/generated/api-schemas.json');
/** The name of an exported type of src/api/types.ts. */
export type ApiTypeName = keyof Generated['definitions'];

/** Shared-schema id under which the generated definitions are registered with Fastify. */
const apiSchemaId = 'api';

/** Registers the generated API schemas once, so routes can `$ref` them (see schemaFor). */
export function addApiSchemas(app: FastifyInstance): void {
  const doc = JSON.parse(readFileSync(join(projectRoot, 'codegen/generated/api-schemas.json'), 'utf8')) as Record<string, unknown>;
  delete doc.$schema;
  app.addSchema(boundNumbers({ $id: apiSchemaId, ...doc }));
}

/**
 * The JSON Schema of an API type, for a route's `schema.body`, `schema.querystring` or
 * `schema.response[status]`: `schemaFor('HealthResponse')`.
 */
export function schemaFor(name: ApiTypeName): { $ref: string } {
  return { $ref: `${apiSchemaId}#/definitions/${name}` };
}
