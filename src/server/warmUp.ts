import type { PortalConfig } from './context';
import { warmSanitizer } from './forward/sanitizeForward';
import type { MetadataStore } from './metadata/metadataStore';
import { documentChecks } from './products/prepareDocument';

/** Makes the product save's document checks for the served engine now and after every reload that swaps it. */
export function keepDocumentChecksWarm(metadata: MetadataStore): () => void {
  documentChecks(metadata.current().engine);
  return metadata.subscribe((result, store) => {
    if (result.changed) documentChecks(store.current().engine);
  });
}

/**
 * Does before the server listens what the first requests would otherwise do in their own time,
 * holding every request behind them on the event loop: the forward sanitizer's jsdom (~800
 * modules) and the product save's compiled document shape (again after each metadata reload). An
 * instance a load balancer adds is then as quick on its first requests as on later ones.
 * The test suites' servers (PORTAL_TEST_LAZY_SANITIZER) load jsdom on first use: ~a quarter of a
 * start's CPU, and most of them never forward an email.
 */
export function warmUp(metadata: MetadataStore, config: Pick<PortalConfig, 'testLazySanitizer'>): () => void {
  if (!config.testLazySanitizer) warmSanitizer();
  return keepDocumentChecksWarm(metadata);
}
