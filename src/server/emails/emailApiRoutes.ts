import type { RoutePlugin } from '../routes/RoutePlugin';
import { emailRoutes } from './emailRoutes';
import { logRoutes } from './logRoutes';

/** Every email triage route (dashboards, detail, import logs, deduplicates): one line in routes/index.ts. */
export const emailApiRoutes: RoutePlugin = async (app, opts) => {
  await app.register(emailRoutes, opts);
  await app.register(logRoutes, opts);
};
