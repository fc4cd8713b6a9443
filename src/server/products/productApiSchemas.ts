import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { boundNumbers } from '../security/boundNumbers';
import { projectRoot } from '../paths';

type Generated = typeof import('../../../codegen/generated/product-api-schemas.json');
/** The name of an exported type of src/api/products.ts. */
export type ProductApiTypeName = keyof Generated['definitions'];

const schemaId = 'products';

/** Registers the generated product API schemas (codegen/productApiSchemas.ts) in this plugin's scope. */
export function addProductApiSchemas(app: FastifyInstance): void {
  const doc = JSON.parse(readFileSync(join(projectRoot, 'codegen/generated/product-api-schemas.json'), 'utf8')) as Record<string, unknown>;
  delete doc.$schema;
  app.addSchema(boundNumbers({ $id: schemaId, ...doc }));
}

/** `{ $ref }` to one product API type, for a route's body or querystring schema. */
export function productSchema(name: ProductApiTypeName): { $ref: string } {
  return { $ref: `${schemaId}#/definitions/${name}` };
}
