import type { Engine } from '../../engine';
import { metadataStore } from '../metadata/metadataStore';

export interface ProductEngine {
  engine: Engine;
  /** The metadata version every save records (the same hash GET /api/health reports). */
  version: string;
}

/**
 * The engine the server validates every product write with: the metadata the server currently
 * serves to the client (METADATA_DIR), so a reload under `portal dev` reaches save enforcement too.
 */
export function productEngine(): ProductEngine {
  const { engine, version } = metadataStore().current();
  return { engine, version };
}
