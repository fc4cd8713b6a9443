import type { ImageActionResponse, ViewImagesResponse } from '../../api/media';
import { apiJson } from '../auth/apiFetch';

/** The manage-PDF and mobile-preview calls (001 §7 view images, rotate, resample). */
export const mediaApi = {
  images: (productId: string, productType: string, productStatus?: string | null) =>
    apiJson<ViewImagesResponse>(`/api/view-images?product_id=${encodeURIComponent(productId)}&product_type=${encodeURIComponent(productType)}&show=all${productStatus ? `&product_status=${encodeURIComponent(productStatus)}` : ''}`),
  setDefault: (productId: number, page: number) => apiJson<ImageActionResponse>('/api/view-images/default', { method: 'POST', json: { product_id: productId, document_sort: page }, operationId: 'edit' }),
  rotate: (productId: number, page: number) => apiJson<ImageActionResponse>('/api/rotate-images', { method: 'POST', json: { product_id: productId, document_sort: page }, operationId: 'edit' }),
  resample: (productId: number) => apiJson<{ message: string }>(`/api/resample/${productId}`, { method: 'POST', operationId: 'edit' }),
};
