import type { BrowserServer } from 'playwright-core';
import { processTreeCpu } from '../../helpers/processTreeCpu';
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

/**
 * Closes the run's Chromium and prints the CPU it used: npm test's per-step CPU (`times`) counts only
 * children the step reaped, and Playwright's launch leaves Chromium's out of it.
 */
export async function stopSharedBrowser(): Promise<void> {
  const pid = server?.process().pid;
  if (pid) console.log(`browser suite: the shared Chromium used ${processTreeCpu(pid).toFixed(1)} CPU-s (its browser process, renderers, GPU and utility processes)`);
  await server?.close();
  server = undefined;
  delete process.env[sharedBrowserEnv];
}
