import { lookupRoutes } from '../lookups/lookupRoutes';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { moveAndDeleteRoutes } from './moveAndDeleteRoutes';
import { addProductApiSchemas } from './productApiSchemas';
import { productEngine } from './productEngine';
import { productRoutes } from './productRoutes';
import { sendLinkRoutes } from './sendLinkRoutes';
import { uploadRoutes } from './uploadRoutes';

/** Every product editor route (001, 002 §7): one line in routes/index.ts. */
export const productApiRoutes: RoutePlugin = async (app, opts) => {
  productEngine(); // load and compile the metadata at start, not on the first save
  addProductApiSchemas(app);
  await app.register(productRoutes, opts);
  await app.register(lookupRoutes, opts);
  await app.register(moveAndDeleteRoutes, opts);
  await app.register(sendLinkRoutes, opts);
  await app.register(uploadRoutes, opts);
};
