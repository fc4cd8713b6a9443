import type { ImageActionResponse, ViewImagesResponse } from '../media';
import { responseOk } from './responseOk';
import { post, type Transport } from './Transport';

/** Product media windows (001 §7 view images, rotate, resample; 001 §2 processed HTML and temp PDF). */
export function mediaClient(t: Transport) {
  return {
    images: (productId: string, productType: string, productStatus?: string | null) =>
      t.json<ViewImagesResponse>(
        `/api/view-images?product_id=${encodeURIComponent(productId)}&product_type=${encodeURIComponent(productType)}&show=all${productStatus ? `&product_status=${encodeURIComponent(productStatus)}` : ''}`,
      ),
    setDefault: (productId: number, page: number) => t.json<ImageActionResponse>('/api/view-images/default', post({ product_id: productId, document_sort: page }, 'edit')),
    rotate: (productId: number, page: number) => t.json<ImageActionResponse>('/api/rotate-images', post({ product_id: productId, document_sort: page }, 'edit')),
    resample: (productId: number) => t.json<{ message: string }>(`/api/resample/${productId}`, { method: 'POST', operationId: 'edit' }),
    /** The email as the portal processed it (sanitised HTML, for a sandboxed frame). */
    processedHtml: async (muid: string | number) => (await responseOk(await t.raw(`/api/processedhtml/${encodeURIComponent(String(muid))}`))).text(),
    /** The processed PDF, rendered once and kept. */
    tempPdf: async (muid: string | number) => (await responseOk(await t.raw(`/api/temppdf/${encodeURIComponent(String(muid))}`))).blob(),
  };
}

export type MediaClient = ReturnType<typeof mediaClient>;
