import { loadRuleFunctions } from '../loadRuleFunctions';

/** The product editor's route chunk (src/app/product/productRoutes.tsx). */
export const loadProductEditorScreen = () => import('./ProductEditorScreen');

/**
 * The editor's paths (001 §2: addproduct, addproduct/v2, product, product/v2), matched without the
 * router so the boot code that reads it stays small; a path missing here only loses the preload.
 */
export const productEditorPath = /^\/(?:addproduct|product)(?:\/|$)/;

/**
 * Starts what a cold load of the editor needs while the main chunk still downloads and evaluates
 * (issue 31 item 7): the editor's chunks, the build's rule functions, and the engine build itself
 * (it waits for the metadata the boot code already asked for). Otherwise each waited for the one
 * before: the router matches the route only once the main chunk ran, the rule functions were asked
 * for once the editor's chunk ran, and the engine was built once the screen mounted. Failures are
 * left to the screen, which asks again.
 */
export function preloadProductEditor(): void {
  loadProductEditorScreen().catch(() => undefined);
  loadRuleFunctions().catch(() => undefined);
  import('./useProductEngine').then((m) => m.loadProductEngine()).catch(() => undefined);
}
