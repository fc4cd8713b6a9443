import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { sharedServer } from './helpers/sharedServers';
import { signInByApi } from './helpers/signIn';

// A reviewer's day with the keyboard (000 §5, §8): the dashboard's dialogs open on their answer.
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 50 });

/** The focused element's text and whether it lies in an open dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return { text: a?.textContent?.trim() ?? '', inDialog: !!a?.closest('[role="alertdialog"], [role="dialog"]') };
  });

describe('the email dashboard from the keyboard', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    await signInByApi(browser.context, server.url);
    ({ page, problems } = await openWatchedPage(browser.context));
    await page.setViewportSize({ width: 1366, height: 768 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("opens a message on its Ok and a question on its safe answer, Cancel: 'Please select atleast one email.', 'Do you really want to continue with unsaved changes?'", async () => {
    await page.goto(`${server.url}/`);
    const links = page.locator('[data-email-link]');
    await links.nth(1).waitFor();
    const [first, second] = await Promise.all([links.nth(0).getAttribute('data-email-link'), links.nth(1).getAttribute('data-email-link')]);

    // A message: Enter on the focused Ok closes it, and the focus goes back to the button that asked.
    const move = page.getByRole('button', { name: 'Move to e-Glacier' });
    await move.click();
    await poll(() => page.getByTestId('dialog-message').textContent()).toBe('Please select atleast one email.');
    await poll(() => focused(page)).toEqual({ text: 'Ok', inDialog: true });
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);
    await poll(() => move.evaluate((b) => b === document.activeElement)).toBe(true);

    // A question: copies checked under a product id are unsaved; paging asks, and Enter answers Cancel.
    await page.getByPlaceholder('Entry ID or MUID').fill('100251');
    await page.getByLabel(`Select ${first}`, { exact: true }).check();
    await page.getByLabel(`Select ${second}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await poll(() => page.getByTestId('confirm-message').textContent()).toBe('Do you really want to continue with unsaved changes?');
    await poll(() => focused(page)).toEqual({ text: 'Cancel', inDialog: true });
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('confirm-message').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByLabel(`Select ${second}`, { exact: true }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

});
