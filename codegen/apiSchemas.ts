import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import type { Generator } from './Generator';

/** A generator of API JSON Schemas: one definition per exported type of one src/api file. */
export function apiSchemasFrom(name: string, source: string, output: string): Generator {
  return {
    name,
    output,
    generate(root) {
      const schema = createGenerator({
        path: join(root, source),
        tsconfig: join(root, 'tsconfig.json'),
        type: '*',
        expose: 'export',
        topRef: true,
        jsDoc: 'extended',
        // Objects are closed: unknown request properties are refused or stripped, never stored.
        additionalProperties: false,
        skipTypeCheck: true,
      }).createSchema('*');
      // Stable key order so the file only changes when a type does.
      const definitions = Object.fromEntries(Object.entries(schema.definitions ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions }, null, 2)}\n`;
    },
  };
}

export const apiSchemas = apiSchemasFrom('API JSON Schemas', 'src/api/types.ts', 'codegen/generated/api-schemas.json');
