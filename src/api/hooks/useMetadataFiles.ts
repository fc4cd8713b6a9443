import type { MetadataFiles } from '../metadataFiles';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

/** GET /api/metadata, read once per page (the version changes only with a reload of the files). */
export const useMetadataFiles = () =>
  usePortalRead<MetadataFiles>(cacheKeys.metadata(), (api) => api.metadata(), { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false });
