import type { MetadataFiles } from '../api/metadataFiles';
import { portalApi } from './portalApi';

export type { MetadataFiles } from '../api/metadataFiles';

let loading: Promise<MetadataFiles> | null = null;

/**
 * The metadata the server runs, fetched once per page for every screen (product editor, dashboards),
 * so a `portal dev` reload or METADATA_DIR reaches the browser on the next page load.
 */
export function loadMetadataFiles(): Promise<MetadataFiles> {
  if (!loading) {
    loading = portalApi.metadata();
    // A failed load (e.g. signed out) may be retried by the next screen.
    loading.catch(() => (loading = null));
  }
  return loading;
}
