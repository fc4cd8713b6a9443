import type { ProductsClient } from '../../api/client/productsClient';
import type { ProductLookups } from './widgets/ProductLookups';

/**
 * The widgets' searches and reference reads (001 §7) through the typed client's products section; an upload names the
 * editor load (`editorId`) it comes from.
 */
export function productLookups(products: ProductsClient, editorId?: string): ProductLookups {
  return {
    panelists: products.panelists,
    companies: products.companies,
    affinities: products.affinities,
    publications: products.publications,
    users: products.users,
    sectorChildren: products.sectorChildren,
    allowedSectors: products.allowedSectors,
    headlineDuplicate: async (headline, productId) => {
      const r = await products.headlineCheck(headline, productId);
      return r.product_headline_exist ? `Duplicate headline: "${r.request.product_headline}" is already used by product ${r.product_id ?? ''}`.trim() : null;
    },
    upload: async (file, productId, onProgress, signal, mediaChannel) => {
      const p = await products.upload(file, productId, onProgress, signal, mediaChannel, editorId);
      const fields = { file_name: p.filename, file_type: p.mime, document_size_byte: p.size };
      return p.staged_upload ? { product_pdf: '', staged_upload: p.staged_upload, fields } : { product_pdf: p.product_pdf ?? '', fields };
    },
    media: products.media,
    pageImages: products.pageImages,
    companyMedia: products.companyMedia,
  };
}
