import type { BrowserServer } from 'playwright-core';
import { launchSharedBrowser, sharedBrowserEnv } from './browser';

let server: BrowserServer | undefined;

/**
 * The browser suite's global set-up (vitest.config.ts): one Chromium for the whole run. Each test
 * file connects to it and works in contexts of its own (launchBrowser), which share nothing.
 */
export async function setup(): Promise<void> {
  server = await launchSharedBrowser();
  process.env[sharedBrowserEnv] = server.wsEndpoint();
}

export async function teardown(): Promise<void> {
  await server?.close();
  delete process.env[sharedBrowserEnv];
}
