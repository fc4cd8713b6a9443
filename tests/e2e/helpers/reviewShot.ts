import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A screenshot for a person to look at (a layout at 1440x900 or 1366x768), written to the
 * temporary folder only with PORTAL_SCREENSHOTS=1: no assertion reads it, and encoding a PNG costs
 * the browser CPU on every run.
 */
export async function reviewShot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.PORTAL_SCREENSHOTS) await page.screenshot({ path: join(tmpdir(), name), ...opts });
}
