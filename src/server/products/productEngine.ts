import { createEngine, type Engine } from '../../engine';
import { loadMetadataFromDir } from '../metadata/loadMetadataFromDir';
import { metadataHash } from '../metadataHash';
import { projectRoot } from '../paths';

export interface ProductEngine {
  engine: Engine;
  /** The metadata version every save records (the same hash GET /api/health reports). */
  version: string;
}

let cached: ProductEngine | undefined;

/**
 * The engine the server validates every product write with: the same schemas/ and rules/ the
 * client runs, loaded once per process (the metadata is read at start, like the health hash).
 */
export function productEngine(): ProductEngine {
  cached ??= { engine: createEngine(loadMetadataFromDir(projectRoot)), version: metadataHash() };
  return cached;
}
