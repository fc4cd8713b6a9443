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

/** Waits until the focus is inside an open popover (a Why? panel: its overlay's focus trap first): Blueprint closes it on an Escape from inside. */
export async function focusInPopover(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.bp6-overlay-open'))).toBe(true);
}
