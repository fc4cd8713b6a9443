import { apiSchemas } from './apiSchemas';
import type { Generator } from './Generator';

/** Every generated artefact; one line per generator module. */
export const generators: Generator[] = [apiSchemas];
