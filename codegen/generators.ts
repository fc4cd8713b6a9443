import { apiSchemas } from './apiSchemas';
import type { Generator } from './Generator';
import { productApiSchemas } from './productApiSchemas';

/** Every generated artefact; one line per generator module. */
export const generators: Generator[] = [
  apiSchemas,
  productApiSchemas,
];
