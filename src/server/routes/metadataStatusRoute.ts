import type { MetadataStatusResponse } from '../../api/metadataStatus';
import { metadataStore } from '../metadata/metadataStore';
import type { RoutePlugin } from './RoutePlugin';

/**
 * GET /api/metadata/status: the metadata version the server runs and, while `portal dev` watches
 * the files, the problems that kept the last edit from loading; the shell's banner polls it. Public
 * like /api/health (the banner shows before sign-in too); outside dev it never lists problems.
 */
export const metadataStatusRoutes: RoutePlugin = async (app) => {
  const store = metadataStore();
  app.get('/api/metadata/status', { config: { public: true } }, async (_req, reply): Promise<MetadataStatusResponse> => {
    reply.header('cache-control', 'no-store');
    const watching = store.watching;
    const version = store.current().version;
    const startedOnThem = watching && store.lastError?.version === version;
    return { version, watching, problems: watching ? store.problems : [], ...(startedOnThem ? { startedOnThem: true as const } : {}) };
  });
};
