import { authRoutes } from '../auth/authRoutes';
import { emailApiRoutes } from '../emails/emailApiRoutes';
import { forwardRoutes } from '../forward/forwardRoutes';
import { productApiRoutes } from '../products/productApiRoutes';
import { predictionRoutes } from '../predictions/predictionRoutes';
import { coverageRoute } from '../rules/coverageRoute';
import { ruleChangesRoutes } from '../rules/ruleChangesRoutes';
import { rulesRoutes } from '../rules/rulesRoutes';
import { healthRoutes } from './health';
import { metadataRoutes } from './metadataRoute';
import { metadataStatusRoutes } from './metadataStatusRoute';
import type { RoutePlugin } from './RoutePlugin';

/** Every route module of the server, registered in this order by buildApp; one line per module. */
export const routes: RoutePlugin[] = [
  authRoutes, // first: its hooks check every later /api route's access declaration
  healthRoutes,
  emailApiRoutes,
  forwardRoutes,
  metadataRoutes,
  metadataStatusRoutes,
  productApiRoutes,
  predictionRoutes,
  rulesRoutes,
  coverageRoute,
  ruleChangesRoutes,
];
