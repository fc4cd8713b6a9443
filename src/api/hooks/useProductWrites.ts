import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { ProductDocumentJson, StatusActionName } from '../products';
import { cacheKeys } from './cacheKeys';
import { usePortalApi } from './PortalApiContext';

/**
 * The product writes, each putting the server's answer (the product as stored) into every cached
 * read of that product, by id and by muid, without a re-read. A delete or a move answers only a
 * message: those products are read again where shown. Failures reject (ApiError, ProductRefusedError).
 */
export function useProductWrites() {
  const api = usePortalApi();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const opts = { revalidate: false, populateCache: true } as const;
    const store = async (product: ProductDocumentJson) => {
      const muid = product.muid;
      await Promise.all([
        mutate(cacheKeys.product(String(product.product_id)), product, opts),
        muid !== null && muid !== undefined && muid !== '' ? mutate(cacheKeys.productByMuid(String(muid)), product, opts) : undefined,
        mutate(cacheKeys.productLog(Number(product.product_id))),
      ]);
      return product;
    };
    const reread = (productId: number | string) => mutate(cacheKeys.product(String(productId)));
    return {
      /** Puts a product the server answered into the caches (also for a caller's own reads). */
      store,
      /** `editorId`: the product editor load the write comes from (productsClient). */
      save: async (doc: ProductDocumentJson, editorId?: string) => store((await api.products.save(doc, editorId)).product),
      /** The product as stored now, into the caches (the editor's reload after another user's change). */
      load: async (id: number) => store(await api.products.byId(id)),
      status: async (id: number, action: StatusActionName, doc: ProductDocumentJson, editorId?: string) => store((await api.products.status(id, action, doc, editorId)).product),
      async softDelete(id: number, indexName: string) {
        const res = await api.products.softDelete(id, indexName);
        await reread(id);
        return res;
      },
      async moveConfirm(entryId: string, sourceId: number | string) {
        const res = await api.products.moveConfirm(entryId, sourceId);
        await reread(sourceId);
        return res;
      },
    };
  }, [api, mutate]);
}
