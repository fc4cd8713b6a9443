import { unstable_serialize, useSWRConfig, type SWRConfiguration } from 'swr';
import type { ProductDocumentJson, ProductLogRow } from '../products';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

/** Which product a screen shows: by id (`?product_id=`), else by the email's muid; null: none (a new product). */
export type ProductRef = { productId: string } | { muid: string } | null;

const productKey = (ref: ProductRef) => (ref === null ? null : 'productId' in ref ? cacheKeys.product(ref.productId) : cacheKeys.productByMuid(ref.muid));

/**
 * A stored product (GET /api/product/{id} or /api/product/muid/{muid}); a write's answer replaces it
 * in the cache (useProductWrites). `reuseWritten`: a cached answer is taken without asking again
 * (the screen a save led to shows what that save answered).
 */
export function useProduct(ref: ProductRef, config: SWRConfiguration<ProductDocumentJson, Error> & { reuseWritten?: boolean } = {}) {
  const { reuseWritten, ...swr } = config;
  const key = productKey(ref);
  const { cache } = useSWRConfig();
  const cached = key !== null && cache.get(unstable_serialize(key))?.data !== undefined;
  return usePortalRead<ProductDocumentJson>(
    key,
    (api) => (ref !== null && 'productId' in ref ? api.products.byId(ref.productId) : api.products.byMuid((ref as { muid: string }).muid)),
    reuseWritten && cached ? { ...swr, revalidateOnMount: false } : swr,
  );
}

/** The Product Activity Log (001 §2); null: not open. */
export const useProductLog = (productId: number | null) =>
  usePortalRead<ProductLogRow[]>(productId === null ? null : cacheKeys.productLog(productId), (api) => api.products.activityLog(productId!));
