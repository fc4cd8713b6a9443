import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { launchBrowser, type TestBrowser } from './helpers/browser';
import { sharedServer } from './helpers/sharedServers';
import { signInByApi } from './helpers/signIn';

// Issue 31 item 7: the search form's many-option selects hold their selected and widest option until
// the pointer or focus reaches them (or the page is idle). Each page here holds requestIdleCallback
// back, so only a use can fill them: what a user sees and does must be what a full select gives.
describe("the dashboard's lazily filled selects", () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    await signInByApi(browser.context, server.url);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openHeld(path = '/'): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto(`${server.url}${path}`);
    // The list drawn (its rows, or none for a search that finds nothing).
    await expect.poll(() => page.evaluate(() => !!document.querySelector('.email-dashboard') && !document.querySelector('[aria-label="Loading emails"]')), { timeout: 30_000 }).toBe(true);
    return page;
  }
  const optionCount = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('option').count();
  const shown = (page: Page, label: string) => page.getByLabel(label, { exact: true }).evaluate((s: HTMLSelectElement) => `${s.value}|${s.selectedOptions[0]?.textContent}`);
  const width = (page: Page, label: string) => page.getByLabel(label, { exact: true }).evaluate((s) => s.getBoundingClientRect().width);

  it('draws the selected value at the full width, and the mouse opens the whole list', async () => {
    const page = await openHeld();
    const month = page.getByLabel('From Month', { exact: true });
    const before = await shown(page, 'From Month');
    expect(await optionCount(page, 'From Month')).toBe(2);
    const heldWidth = await width(page, 'From Month');
    // To Month is as wide filled as held (same list): the held one draws no narrower or wider.
    await page.getByLabel('To Month', { exact: true }).focus();
    await expect.poll(() => optionCount(page, 'To Month')).toBe(13);
    expect(await width(page, 'To Month')).toBe(heldWidth);

    const box = (await month.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Filled in the press, before the browser opened its list: every month is in it.
    expect(await optionCount(page, 'From Month')).toBe(13);
    expect(await shown(page, 'From Month')).toBe(before);
    await page.mouse.up();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const next = String(Number(before.split('|')[0]) + 1).padStart(2, '0');
    await expect.poll(() => shown(page, 'From Month')).toBe(`${next}|${next}`);
    expect(await width(page, 'From Month')).toBe(heldWidth);
    await page.close();
  });

  it('Tab then arrows and typeahead pick from the whole list; the search sends what is shown, and a reload shows it again', async () => {
    const page = await openHeld();
    const day = 'From Day';
    const before = Number((await shown(page, day)).split('|')[0]);
    expect(await optionCount(page, day)).toBe(2);
    await page.getByLabel('From Month', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(day);
    expect(await optionCount(page, day)).toBe(32);
    await page.keyboard.press('ArrowUp');
    const earlier = String(before - 1).padStart(2, '0');
    await expect.poll(() => shown(page, day)).toBe(`${earlier}|${earlier}`);

    // Typeahead on State once focused: its held copy has two of the 52 entries.
    expect(await optionCount(page, 'State')).toBe(2);
    await page.getByLabel('State', { exact: true }).focus();
    await expect.poll(() => optionCount(page, 'State')).toBe(52);
    await page.keyboard.type('Tex');
    await expect.poll(async () => (await shown(page, 'State')).split('|')[1]).toBe('Texas');
    const texas = (await shown(page, 'State')).split('|')[0];

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/emails/search') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const body = (await sent).postDataJSON() as { search: Record<string, unknown> };
    expect(Object.values(body.search)).toContain(earlier);
    expect(Object.values(body.search).map(String)).toContain(texas);

    // The URL keeps the search: a new page draws the held selects with the searched values.
    const searched = new URL(page.url());
    await page.close();
    const again = await openHeld(searched.pathname + searched.search);
    await expect.poll(() => shown(again, day)).toBe(`${earlier}|${earlier}`);
    await expect.poll(async () => (await shown(again, 'State')).split('|')[1]).toBe('Texas');
    expect(await optionCount(again, 'State')).toBe(2);
    await again.close();
  });
});
