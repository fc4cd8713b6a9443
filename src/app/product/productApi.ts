import type {
  AddProductResponse, AffinitySearchRow, CompanySearchRow, HeadlineCheckResponse, MessageResponse, MoveConfirmResponse, MoveLookupResponse, MoveValidateResponse,
  PanelistSearchRow, ProductLogRow, ProductLogResponse, ProductResponse, ProductRuleError, PublicationSearchRow, SectorOption, StatusActionName,
  UploadResponse, UsersResponse,
} from '../../api/products';
import type { CompanyMediaResponse, UploadPdfResponse, ViewImagesResponse } from '../../api/media';
import type { ProductLookups, UploadResult } from './widgets/ProductLookups';
import { apiFetch, apiJson, ApiError } from '../auth/apiFetch';
import { readCookie } from '../auth/cookies';
import { sessionState } from '../auth/sessionState';

type Doc = Record<string, unknown>;

/** A save the rules refused (HTTP 422): the problems, as the engine words them. */
export class ProductRefusedError extends Error {
  constructor(readonly errors: ProductRuleError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ProductRefusedError';
  }
}

async function postJson<T>(path: string, json: unknown, operationId: string): Promise<T> {
  const res = await apiFetch(path, { method: 'POST', json, operationId });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (res.status === 422 && data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors)) {
    throw new ProductRefusedError((data as { errors: ProductRuleError[] }).errors);
  }
  if (!res.ok) throw new ApiError(res.status, data && typeof data === 'object' && 'message' in data ? String((data as { message: unknown }).message) : res.statusText);
  return data as T;
}

/**
 * The move-and-delete calls answer `{status_code, message, ...}` with the HTTP status equal to
 * status_code (404 'Entry Id not found', 400, 409, 422): the dialog words those answers itself
 * (001 §8), so any answer carrying a status_code is returned, not thrown.
 */
async function postCoded<T extends { status_code: number }>(path: string, json: unknown, operationId: string): Promise<T> {
  const res = await apiFetch(path, { method: 'POST', json, operationId });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy error page): reported below as the HTTP status
  }
  if (data && typeof data === 'object' && typeof (data as { status_code?: unknown }).status_code === 'number') return data as T;
  throw new ApiError(res.status, res.statusText);
}

/** The product endpoints of src/api/products.ts. */
export const productApi = {
  byId: (id: number | string) => apiJson<ProductResponse>(`/api/product/${encodeURIComponent(String(id))}`).then((r) => r.payload as Doc),
  byMuid: (muid: string) => apiJson<ProductResponse>(`/api/product/muid/${encodeURIComponent(muid)}`).then((r) => r.payload as Doc),
  save: (doc: Doc) => postJson<AddProductResponse>('/api/addProduct', doc, doc.product_id ? 'edit' : 'add').then((r) => r.payload),
  status: (id: number, action: StatusActionName, product: Doc) => postJson<AddProductResponse>(`/api/product/${id}/status`, { action, product }, 'approve').then((r) => r.payload),
  softDelete: (id: number, indexName: string) => postJson<MessageResponse>('/api/product/soft-delete', { data: [{ product_id: id, index_name: indexName }] }, 'delete'),
  activityLog: (id: number) => apiJson<ProductLogResponse>(`/api/product-admin-log/${id}?type=process`).then((r) => r.payload as ProductLogRow[]),
  sendLink: (body: Record<string, unknown>) => postJson<MessageResponse>('/api/send-email', body, 'view'),
  moveLookup: (productId: string) => postCoded<MoveLookupResponse>('/api/move-and-delete/lookup', { product_id: productId }, 'edit'),
  moveValidate: (entryId: string) => postCoded<MoveValidateResponse>('/api/move-and-delete/validate', { target_entry_id: entryId }, 'edit'),
  moveConfirm: (entryId: string, sourceId: number | string) => postCoded<MoveConfirmResponse>('/api/move-and-delete/confirm', { target_entry_id: entryId, source_product_id: sourceId }, 'delete'),
};

const rows = <T>(r: { payload: unknown }) => r.payload as T[];

/** The widgets' lookups over HTTP (001 §7). */
export const httpProductLookups: ProductLookups = {
  panelists: (text, signal) => apiJson<{ payload: unknown }>(`/api/panelists/${encodeURIComponent(text)}`, { signal }).then((r) => rows<PanelistSearchRow>(r)),
  companies: (text, signal) => apiJson<{ payload: unknown }>('/api/data/company', { method: 'POST', json: { get_company: text }, signal }).then((r) => rows<CompanySearchRow>(r)),
  affinities: (text, signal) => apiJson<{ payload: unknown }>('/api/data/affinity', { method: 'POST', json: { affinity: text }, signal }).then((r) => rows<AffinitySearchRow>(r)),
  publications: (text, signal) => apiJson<{ payload: unknown }>(`/api/publications/${encodeURIComponent(text)}`, { signal }).then((r) => rows<PublicationSearchRow>(r)),
  users: () => apiJson<UsersResponse>('/api/users').then((r) => r.userdata),
  sectorChildren: (id) => apiJson<{ payload: unknown }>(`/api/data/sectors/${id}`).then((r) => rows<SectorOption>(r)),
  allowedSectors: () =>
    apiJson<{ payload: { all_sectors: boolean; sectors: number[] } }>('/api/auth/allowed-sectors').then((r) => (r.payload.all_sectors ? [] : r.payload.sectors)),
  headlineDuplicate: async (headline, productId) => {
    // The product's own id: its stored headline is not a duplicate of itself.
    const json = productId === undefined ? { product_headline: headline } : { product_headline: headline, product_id: productId };
    const r = await apiJson<HeadlineCheckResponse>('/api/get_product_headline', { method: 'POST', json });
    return r.product_headline_exist ? `Duplicate headline: "${r.request.product_headline}" is already used by product ${r.product_id ?? ''}`.trim() : null;
  },
  upload: (file, productId, onProgress, signal, mediaChannel) => uploadMedia(file, productId, onProgress, signal, mediaChannel),
  media: (productId) => apiJson<UploadPdfResponse>(`/api/upload-pdf?product_id=${productId}`).then((r) => r.payload),
  // No PDF (404) or none rendered yet: no page images to offer.
  pageImages: (productId) =>
    apiJson<ViewImagesResponse>(`/api/view-images?product_id=${productId}&product_type=ProductImg`).then(
      (r) => r.payload,
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return [];
        throw e;
      },
    ),
  companyMedia: (companyId, exclude) => apiJson<CompanyMediaResponse>(`/api/company-media/${companyId}${exclude ? `?exclude=${exclude}` : ''}`).then((r) => r.payload),
};

/** XHR rather than fetch: fetch reports no upload progress. */
function uploadMedia(file: File, productId: number | undefined, onProgress: (sent: number, total: number) => void, signal: AbortSignal, mediaChannel?: unknown): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // A new product's file is staged until its first save (no product id in the path).
    xhr.open('POST', productId ? `/api/upload-product-media?product_id=${productId}` : '/api/upload-product-media');
    if (sessionState.accessToken) xhr.setRequestHeader('authorization', `Bearer ${sessionState.accessToken}`);
    const userId = readCookie('user_id');
    if (userId) xhr.setRequestHeader('userid', userId);
    if (sessionState.moduleId !== null && sessionState.moduleId !== undefined) xhr.setRequestHeader('moduleid', String(sessionState.moduleId));
    xhr.setRequestHeader('operationid', 'edit');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: fall through to the status text
      }
      if (xhr.status === 401) sessionState.onUnauthorized?.();
      if (xhr.status >= 200 && xhr.status < 300) {
        const p = (data as UploadResponse).payload;
        const fields = { file_name: p.filename, file_type: p.mime, document_size_byte: p.size };
        resolve(p.staged_upload ? { product_pdf: '', staged_upload: p.staged_upload, fields } : { product_pdf: p.product_pdf ?? '', fields });
      } else {
        reject(new Error(data && typeof data === 'object' && 'message' in data ? String((data as { message: unknown }).message) : xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    signal.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    // Fields before the file: the server reads them when the file part arrives.
    if (productId) form.append('product_id', String(productId));
    else if (mediaChannel !== undefined && mediaChannel !== null) form.append('media_channel', String(mediaChannel));
    form.append('file', file);
    xhr.send(form);
  });
}
