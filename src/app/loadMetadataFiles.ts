import { apiJson } from './auth/apiFetch';

/** GET /api/metadata as the browser uses it: the served schemas/ and rules/ files and their version. */
export interface MetadataFiles {
  version: string;
  files: Record<string, unknown>;
}

let loading: Promise<MetadataFiles> | null = null;

/**
 * The metadata the server runs, fetched once per page for every screen (product editor, dashboards),
 * so a `portal dev` reload or METADATA_DIR reaches the browser on the next page load.
 */
export function loadMetadataFiles(): Promise<MetadataFiles> {
  if (!loading) {
    loading = apiJson<MetadataFiles>('/api/metadata');
    // A failed load (e.g. signed out) may be retried by the next screen.
    loading.catch(() => (loading = null));
  }
  return loading;
}
