import type { HealthResponse } from '../../api/types';
import { schemaFor } from '../apiSchemas';
import { metadataHash } from '../metadataHash';
import type { RoutePlugin } from './RoutePlugin';

/** GET /api/health: liveness plus which database and which metadata version this server runs. */
export const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  // Computed once per server start: the metadata is loaded at start, so this is what the server runs.
  const metadata = metadataHash();
  app.get('/api/health', { config: { public: true }, schema: { response: { 200: schemaFor('HealthResponse') } } }, async (): Promise<HealthResponse> => {
    // A round trip proves the database answers, not just that the process is alive.
    await ctx.db.query('select 1');
    return { status: 'ok', db: ctx.db.kind, metadata };
  });
};
