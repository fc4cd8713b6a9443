import type { BrowserServer } from 'playwright-core';
import { launchSharedBrowser, sharedBrowserEnv } from './browser';

let server: BrowserServer | undefined;

/**
 * The run's one Chromium (browser suite's global set-up, e2eGlobalSetup.ts). Each test file
 * connects to it and works in contexts of its own (launchBrowser), which share nothing.
 */
export async function startSharedBrowser(): Promise<void> {
  server = await launchSharedBrowser();
  process.env[sharedBrowserEnv] = server.wsEndpoint();
}

export async function stopSharedBrowser(): Promise<void> {
  await server?.close();
  server = undefined;
  delete process.env[sharedBrowserEnv];
}
