import type { CompanyMediaResponse, UploadPdfResponse, ViewImagesResponse } from '../media';
import type {
  AddProductResponse, AffinitySearchRow, CompanySearchRow, HeadlineCheckResponse, MessageResponse, MoveConfirmResponse, MoveLookupResponse, MoveValidateResponse,
  PanelistSearchRow, ProductDocumentJson, ProductLogResponse, ProductResponse, ProductRuleError, PublicationSearchRow, SectorOption, SendLinkRequest,
  StatusActionName, UploadResponse, UsersResponse,
} from '../products';
import { editorIdHeader } from '../../shared/editorIdHeader';
import { ApiError } from './ApiError';
import { ProductRefusedError } from './ProductRefusedError';
import { post, type RequestOptions, type Transport, type UploadOptions } from './Transport';

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's error page): reported as the HTTP status
    return null;
  }
};

/** A write the rules may refuse: 422 with `errors` is a ProductRefusedError, any other failure an ApiError. */
async function refusable<T>(t: Transport, path: string, options: RequestOptions): Promise<T> {
  const res = await t.raw(path, options);
  const data = parse(await res.text());
  if (res.status === 422 && data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors)) {
    throw new ProductRefusedError((data as { errors: ProductRuleError[] }).errors);
  }
  if (!res.ok) throw ApiError.of(res.status, data, res.statusText);
  return data as T;
}

/**
 * The move-and-delete calls answer `{status_code, message, ...}` with the HTTP status equal to
 * status_code (404 'Entry Id not found', 400, 409, 422): the dialog words those answers itself
 * (001 §8), so any answer carrying a status_code is returned, not thrown.
 */
async function coded<T extends { status_code: number }>(t: Transport, path: string, json: unknown, operationId: RequestOptions['operationId']): Promise<T> {
  const res = await t.raw(path, post(json, operationId));
  const data = parse(await res.text());
  if (data && typeof data === 'object' && typeof (data as { status_code?: unknown }).status_code === 'number') return data as T;
  throw new ApiError(res.status, res.statusText);
}

/** The product editor load a write comes from, so the server tells the same user's tabs apart (two-editors-on-one-product.md). */
const fromEditor = <T extends { headers?: Record<string, string> }>(options: T, editorId: string | undefined): T => (editorId ? { ...options, headers: { ...options.headers, [editorIdHeader]: editorId } } : options);

const rows = <T>(r: { payload: unknown }) => r.payload as T[];
const q = encodeURIComponent;

/** A product as the server stored it (the save and status answers carry it, so no re-read follows a write). */
export type StoredProduct = ProductDocumentJson;

/** The product editor's calls (001 §7, 002 §7; src/server/products, src/server/lookups). */
export function productsClient(t: Transport) {
  return {
    byId: (id: number | string) => t.json<ProductResponse>(`/api/product/${q(String(id))}`).then((r) => r.payload),
    byMuid: (muid: string) => t.json<ProductResponse>(`/api/product/muid/${q(muid)}`).then((r) => r.payload),
    /** Submit/Update: the stored product (422: ProductRefusedError). `editorId`: the editor load it comes from. */
    save: (doc: ProductDocumentJson, editorId?: string) =>
      refusable<AddProductResponse>(t, '/api/addProduct', fromEditor(post(doc, doc.product_id ? 'edit' : 'add'), editorId)).then((r) => r.payload),
    /** A status action with the editor's document (422: ProductRefusedError). */
    status: (id: number, action: StatusActionName, product: ProductDocumentJson, editorId?: string) =>
      refusable<AddProductResponse>(t, `/api/product/${id}/status`, fromEditor(post({ action, product }, 'edit'), editorId)).then((r) => r.payload),
    softDelete: (id: number, indexName: string) => refusable<MessageResponse>(t, '/api/product/soft-delete', post({ data: [{ product_id: id, index_name: indexName }] }, 'delete')),
    activityLog: (id: number) => t.json<ProductLogResponse>(`/api/product-admin-log/${id}?type=process`).then((r) => r.payload),
    sendLink: (body: SendLinkRequest) => refusable<MessageResponse>(t, '/api/send-email', post(body)),
    moveLookup: (productId: string) => coded<MoveLookupResponse>(t, '/api/move-and-delete/lookup', { product_id: productId }, 'edit'),
    moveValidate: (entryId: string) => coded<MoveValidateResponse>(t, '/api/move-and-delete/validate', { target_entry_id: entryId }, 'edit'),
    moveConfirm: (entryId: string, sourceId: number | string) => coded<MoveConfirmResponse>(t, '/api/move-and-delete/confirm', { target_entry_id: entryId, source_product_id: sourceId }, 'delete'),

    panelists: (text: string, signal?: AbortSignal) => t.json<{ payload: unknown }>(`/api/panelists/${q(text)}`, { signal }).then((r) => rows<PanelistSearchRow>(r)),
    companies: (text: string, signal?: AbortSignal) => t.json<{ payload: unknown }>('/api/data/company', { ...post({ get_company: text }), signal }).then((r) => rows<CompanySearchRow>(r)),
    affinities: (text: string, signal?: AbortSignal) => t.json<{ payload: unknown }>('/api/data/affinity', { ...post({ affinity: text }), signal }).then((r) => rows<AffinitySearchRow>(r)),
    publications: (text: string, signal?: AbortSignal) => t.json<{ payload: unknown }>(`/api/publications/${q(text)}`, { signal }).then((r) => rows<PublicationSearchRow>(r)),
    users: () => t.json<UsersResponse>('/api/users').then((r) => r.userdata),
    sectorChildren: (id: number) => t.json<{ payload: unknown }>(`/api/data/sectors/${id}`).then((r) => rows<SectorOption>(r)),
    /** The sector ids the user may catalogue; empty: all. */
    allowedSectors: () =>
      t.json<{ payload: { all_sectors: boolean; sectors: number[] } }>('/api/auth/allowed-sectors').then((r) => (r.payload.all_sectors ? [] : r.payload.sectors)),
    /** Another product with this headline (the product's own id excluded: its stored headline is no duplicate of itself). */
    headlineCheck: (headline: string, productId?: number) =>
      t.json<HeadlineCheckResponse>('/api/get_product_headline', post(productId === undefined ? { product_headline: headline } : { product_headline: headline, product_id: productId })),
    media: (productId: number) => t.json<UploadPdfResponse>(`/api/upload-pdf?product_id=${productId}`).then((r) => r.payload),
    /** The page images of the product's own PDF: none (not 404) while it has no PDF or none rendered yet. */
    pageImages: (productId: number) =>
      t.json<ViewImagesResponse>(`/api/view-images?product_id=${productId}&product_type=ProductImg`).then(
        (r) => r.payload,
        (e: unknown) => {
          if (e instanceof ApiError && e.status === 404) return [];
          throw e;
        },
      ),
    companyMedia: (companyId: number, exclude?: number) => t.json<CompanyMediaResponse>(`/api/company-media/${companyId}${exclude ? `?exclude=${exclude}` : ''}`).then((r) => r.payload),
    /**
     * Uploads the product's file with progress. Without a product id (a new product) the file is
     * staged until the first save claims it; `mediaChannel` then decides the allowed types.
     */
    async upload(file: File, productId: number | undefined, onProgress: (sent: number, total: number) => void, signal: AbortSignal, mediaChannel?: unknown, editorId?: string) {
      const form = new FormData();
      // Fields before the file: the server reads them when the file part arrives.
      if (productId) form.append('product_id', String(productId));
      else if (mediaChannel !== undefined && mediaChannel !== null) form.append('media_channel', String(mediaChannel));
      form.append('file', file);
      const path = productId ? `/api/upload-product-media?product_id=${productId}` : '/api/upload-product-media';
      const res = await t.upload(path, form, fromEditor<UploadOptions>({ operationId: 'edit', onProgress: (sent, total) => onProgress(sent, total || file.size), signal }, editorId));
      const data = parse(res.text);
      if (res.status < 200 || res.status >= 300) throw ApiError.of(res.status, data, 'Upload failed');
      return (data as UploadResponse).payload;
    },
  };
}

export type ProductsClient = ReturnType<typeof productsClient>;
