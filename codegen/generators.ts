import { apiSchemas } from './apiSchemas';
import type { Generator } from './Generator';
import { productApiSchemas } from './productApiSchemas';
import { productDocument } from './productDocument';

/** Every generated artefact; one line per generator module. */
export const generators: Generator[] = [
  apiSchemas,
  productApiSchemas,
  productDocument,
];
