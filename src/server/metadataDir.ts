import { resolve } from 'node:path';
import { projectRoot } from './paths';

/**
 * Where the server reads schemas/ and rules/: METADATA_DIR when set (a copy with extra files, as
 * the "sector added as files only" test does), else the repository root.
 */
export function metadataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.METADATA_DIR ? resolve(env.METADATA_DIR) : projectRoot;
}
