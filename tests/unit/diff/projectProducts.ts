import { createEngine } from '../../../src/engine';
import type { Metadata } from '../../../src/engine/types';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { generateProducts, type GeneratedProduct } from '../../../src/server/products/generateProducts';

export const NOW = '2024-06-30';

let cache: { metadata: Metadata; products: GeneratedProduct[] } | undefined;

/** The project metadata and 240 generated products (seed 11), made once per test file. */
export function projectProducts(): { metadata: Metadata; products: GeneratedProduct[] } {
  if (!cache) {
    const metadata = loadMetadataFromDir(projectRoot);
    const engine = createEngine(metadata, { now: () => NOW });
    cache = { metadata, products: generateProducts({ count: 240, seed: 11, engine }) };
  }
  return cache;
}
