import { apiSchemasFrom } from './apiSchemas';

/** Product API JSON Schemas: one definition per exported type of src/api/products.ts. */
export const productApiSchemas = apiSchemasFrom('Product API JSON Schemas', 'src/api/products.ts', 'codegen/generated/product-api-schemas.json');
