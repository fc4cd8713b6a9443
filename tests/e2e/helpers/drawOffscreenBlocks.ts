import type { Page } from 'playwright-core';

/**
 * A full-page screenshot draws only what Chromium renders: the editor's off-screen blocks skip
 * painting (content-visibility, useOffscreenBlocks), so they are drawn before one is taken.
 */
export async function drawOffscreenBlocks(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.portal-block-edit[data-sized] { content-visibility: visible !important; }' });
}
