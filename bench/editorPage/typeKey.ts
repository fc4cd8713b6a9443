import type { Page } from 'playwright-core';
import type { KeystrokeSample } from './measure';

/** Each page's waiting typeKey, answered by the page through a binding. */
const answers = new WeakMap<Page, (sample: KeystrokeSample | null) => void>();

/**
 * Types one key into a bench page (bench/editorPage/measure.ts loaded) and returns its sample: the
 * key goes down, the page reports the keystroke once its paint is done and the page is quiet, then
 * the key comes up. A typist's keyup comes tens of milliseconds after the keydown, after that
 * frame; Playwright's `press` sends it at once, which put the keyup's handlers inside the measured
 * frame. The page is armed before the key goes down and answers through a binding: an evaluate
 * sent after the keydown ran its script between the keydown and the paint, inside the timed window.
 */
export async function typeKey(page: Page, key: string): Promise<KeystrokeSample | null> {
  if (!answers.has(page)) {
    answers.set(page, () => undefined);
    await page.exposeBinding('__benchSample', (_source, sample: KeystrokeSample | null) => answers.get(page)?.(sample));
  }
  const sample = new Promise<KeystrokeSample | null>((resolve) => answers.set(page, resolve));
  await page.evaluate(() => void window.__benchCollect().then((s) => window.__benchSample?.(s)));
  await page.keyboard.down(key);
  const answer = await sample;
  await page.keyboard.up(key);
  return answer;
}
