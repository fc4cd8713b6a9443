import { authRoutes } from '../auth/authRoutes';
import { emailApiRoutes } from '../emails/emailApiRoutes';
import { healthRoutes } from './health';
import type { RoutePlugin } from './RoutePlugin';

/** Every route module of the server, registered in this order by buildApp; one line per module. */
export const routes: RoutePlugin[] = [
  authRoutes, // first: its hooks check every later /api route's access declaration
  healthRoutes,
  emailApiRoutes,
];
