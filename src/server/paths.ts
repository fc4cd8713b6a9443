import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where package.json, schemas/, rules/ and dist/ live), independent of cwd. */
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
