import type { RoutePlugin } from '../routes/RoutePlugin';
import { authPlugin } from './authPlugin';
import { authSettingsFromEnv } from './authSettings';

/**
 * The route module for routes/index.ts. It must come first in that list: it installs the hooks
 * that check every later /api route's access declaration.
 */
export const authRoutes: RoutePlugin = async (app, { ctx }) => {
  await authPlugin(app, { db: ctx.db, settings: authSettingsFromEnv() });
};
(authRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
