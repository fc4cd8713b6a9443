import type { ViewImagesResponse } from '../media';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

/** A product's page images; `refreshInterval` polls while its PDF is being processed. */
export const useViewImages = (productId: string, productType: string, productStatus: string | null = null, refreshInterval = 0) =>
  usePortalRead<ViewImagesResponse>(cacheKeys.viewImages(productId, productType, productStatus), (api) => api.media.images(productId, productType, productStatus), { refreshInterval });

/** The processed HTML of an email (rendered once by the server). */
export const useProcessedHtml = (muid: string) => usePortalRead<string>(cacheKeys.processedHtml(muid), (api) => api.media.processedHtml(muid), { revalidateOnFocus: false });

/** The processed PDF of an email. */
export const useTempPdf = (muid: string) => usePortalRead<Blob>(cacheKeys.tempPdf(muid), (api) => api.media.tempPdf(muid), { revalidateOnFocus: false });
