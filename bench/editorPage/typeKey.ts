import type { Page } from 'playwright-core';
import type { KeystrokeSample } from './measure';

/**
 * Types one key into a bench page (bench/editorPage/measure.ts loaded) and returns its sample: the
 * key goes down, the page reports the keystroke once its paint is done and the page is quiet, then
 * the key comes up. A typist's keyup comes tens of milliseconds after the keydown, after that
 * frame; Playwright's `press` sends it at once, which put the keyup's handlers inside the measured
 * frame.
 */
export async function typeKey(page: Page, key: string): Promise<KeystrokeSample | null> {
  await page.keyboard.down(key);
  const sample = await page.evaluate(() => window.__benchCollect());
  await page.keyboard.up(key);
  return sample;
}
