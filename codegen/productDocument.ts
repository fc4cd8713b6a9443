import { loadMetadataFromDir } from '../src/server/metadata/loadMetadataFromDir';
import type { Generator } from './Generator';
import { renderProductDocument } from './renderProductDocument';

/** TypeScript types of the product document, from schemas/codes and schemas/product. */
export const productDocument: Generator = {
  name: 'product document types',
  output: 'src/engine/generated/ProductDocument.ts',
  generate: (root) => renderProductDocument(loadMetadataFromDir(root)),
};
