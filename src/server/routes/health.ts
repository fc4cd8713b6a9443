import type { HealthResponse } from '../../api/types';
import { schemaFor } from '../apiSchemas';
import { metadataStore } from '../metadata/metadataStore';
import type { RoutePlugin } from './RoutePlugin';

/** GET /api/health: liveness plus which database and which metadata version this server runs. */
export const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get('/api/health', { config: { public: true }, schema: { response: { 200: schemaFor('HealthResponse') } } }, async (): Promise<HealthResponse> => {
    // A round trip proves the database answers, not just that the process is alive; on a connection
    // of its own, so a busy instance's check does not wait for a pooled one behind user requests.
    await ctx.db.ping();
    // The version the server runs now: `portal dev` reloads it when schemas/ or rules/ change.
    return { status: 'ok', db: ctx.db.kind, metadata: metadataStore().current().version };
  });
};
