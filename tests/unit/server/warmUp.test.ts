import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/server/config';

// `portal serve` builds the forward sanitizer (jsdom) before it listens, so the first forward is as
// quick as later ones (warmUp.ts); the suites' servers (PORTAL_TEST_LAZY_SANITIZER=1) build it on first use.

/** warmUp on fresh modules (other files in this worker may have built the sanitizer), as the server start calls it. Loading jsdom
 * and the metadata takes seconds under load: a long ceiling, nothing waits on it. */
async function warmUpFresh(env: NodeJS.ProcessEnv) {
  vi.resetModules();
  const sanitizer = await import('../../../src/server/forward/sanitizeForward');
  const { warmUp } = await import('../../../src/server/warmUp');
  const { openMetadataStore } = await import('../../../src/server/metadata/metadataStore');
  const config = loadConfig(env);
  expect(sanitizer.sanitizerReady()).toBe(false);
  warmUp(openMetadataStore(config.metadataDir), config)();
  return sanitizer;
}

describe('warm-up of the forward sanitizer', () => {
  it('portal serve builds it before listening', { timeout: 180_000 }, async () => {
    const sanitizer = await warmUpFresh({});
    expect(sanitizer.sanitizerReady()).toBe(true);
  });

  it('a test server (PORTAL_TEST_LAZY_SANITIZER=1) builds it on first use', { timeout: 180_000 }, async () => {
    const sanitizer = await warmUpFresh({ PORTAL_TEST_LAZY_SANITIZER: '1' });
    expect(sanitizer.sanitizerReady()).toBe(false);
    expect(sanitizer.sanitizeForward('<p onclick="alert(1)">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizer.sanitizerReady()).toBe(true);
  });
});
