import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the focus is inside the open dialog. Blueprint's overlay hands the focus over once the
 * dialog is drawn and listens for Escape and Enter on the dialog itself, so a key pressed before that
 * lands on the page behind it: wait for this before pressing one.
 */
export async function focusInDialog(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="alertdialog"], [role="dialog"]'))).toBe(true);
}
