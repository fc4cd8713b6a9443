import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import type { Generator } from './Generator';

/** Product API JSON Schemas: one definition per exported type of src/api/products.ts (same options as apiSchemas). */
export const productApiSchemas: Generator = {
  name: 'Product API JSON Schemas',
  output: 'codegen/generated/product-api-schemas.json',
  generate(root) {
    const schema = createGenerator({
      path: join(root, 'src/api/products.ts'),
      tsconfig: join(root, 'tsconfig.json'),
      type: '*',
      expose: 'export',
      topRef: true,
      jsDoc: 'extended',
      additionalProperties: false,
      skipTypeCheck: true,
    }).createSchema('*');
    const definitions = Object.fromEntries(Object.entries(schema.definitions ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions }, null, 2)}\n`;
  },
};
