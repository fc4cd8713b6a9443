import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { sharedServer } from './helpers/sharedServers';
import { adminPassword, adminToken, apiAs, byId, createProductApi, selectedLabel, signInAt } from './productKit';
import { focusInPopover } from './helpers/dialogFocus';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/creditCardDeliveryProduct.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 AA and everything below it, as axe-core tags them. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation { id: string; nodes: string[] }

// Issue 27 item 7: the product editor with the keyboard alone, and WCAG 2.2 AA by axe-core.
describe('product editor keyboard and accessibility', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  let fixtureId: number;
  let savedId: number;

  beforeAll(async () => {
    server = sharedServer('empty');
    browser = await launchBrowser();
    token = await adminToken(server);
    fixtureId = await createProductApi(server, token, fixture);
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
  /** Presses Tab until the element with this id has the focus; the count of presses keeps the reading order honest. */
  async function tabTo(id: string, most = 80): Promise<number> {
    for (let n = 1; n <= most; n++) {
      await page.keyboard.press('Tab');
      if ((await focused()) === id) return n;
    }
    throw new Error(`Tab never reached #${id} (now on #${await focused()})`);
  }
  /** Presses Tab once and expects the focus on this id. */
  async function next(id: string) {
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(id);
  }
  /** Types into the focused search box and picks the first result with the arrow keys and Enter. */
  async function pickFirst(text: string, listName: RegExp) {
    await page.keyboard.type(text);
    const list = page.getByRole('listbox', { name: listName });
    await list.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
  }

  it('fills a whole Direct Mail product with the keyboard alone and submits it', async () => {
    await signInAt(page, server, '/addproduct?channel_id=1');
    await byId(page, 'panelist_draft.pp_date').waitFor();
    await page.locator('body').click({ position: { x: 1, y: 1 } });

    // Panelist: date typed as MM/DD/YYYY, ids, then the search's first result.
    expect(await tabTo('panelist_draft.pp_date')).toBeLessThan(40);
    await page.keyboard.type('03/04/2024');
    await page.keyboard.press('Enter');
    await next('panelist_draft.invitation_id');
    await page.keyboard.type('12345');
    await next('panelist_draft.tracking_id');
    await page.keyboard.type('1234');
    await next('panelist-search');
    await pickFirst('an', /Search panelist results/);
    await expect.poll(() => byId(page, 'entry_date').inputValue()).toBe('03/04/2024');

    // A company, and the product image beside it.
    await tabTo('company-search', 5);
    await pickFirst('an', /Add Company results/);
    await tabTo('product_image', 5);
    await page.keyboard.type('/images/keyboard.jpg');

    // Dropdowns: type-ahead or arrows, committed with Enter.
    await tabTo('audience', 5);
    await page.keyboard.type('Consumer');
    await page.keyboard.press('Enter');
    await expect.poll(() => selectedLabel(page, 'audience')).toBe('Consumer');
    await next('sector_draft.sector');
    await page.keyboard.type('Banking');
    await page.keyboard.press('Enter');
    await expect.poll(() => byId(page, 'sector_draft.category').locator('option').count()).toBeGreaterThan(1);
    await next('sector_draft.category');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The category chosen, the chain's later fields follow from it: Tab to Add once they are drawn (three stops).
    await expect.poll(() => byId(page, 'sector_draft.category').inputValue()).not.toBe('');
    const add = page.locator('[data-field="sectors"]').getByRole('button', { name: 'Add', exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    let presses = 0;
    while (presses < 3 && !(await add.evaluate((b) => b === document.activeElement))) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(await add.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-field="sectors"] tbody tr').count()).toBe(1);

    await tabTo('mailing_type', 5);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await next('personalization');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo('state_province', 8);
    await page.keyboard.type('Calif');
    await page.getByRole('option', { name: 'California' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await tabTo('dm_tm_source', 8);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await next('product_name');
    await page.keyboard.type('Keyboard Checking');
    // Why? from the field with F1; Escape brings the focus back.
    await page.keyboard.press('F1');
    await page.getByTestId('why-panel').waitFor();
    await focusInPopover(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('why-panel').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('product_name');
    await next('product_headline');
    await page.keyboard.type('A checking account filled in without a mouse');
    await tabTo('product_comment', 80);
    await page.keyboard.type('Entered with the keyboard alone.');

    // Round the page to the toolbar and Submit.
    for (let n = 0; n < 80 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Submit'; n++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const saved = page.getByRole('status').filter({ hasText: /Product \d+ has been saved\./ });
    const dialog = page.getByRole('dialog');
    await saved.or(dialog).waitFor();
    if (await dialog.isVisible()) throw new Error(`Submit answered with a dialog: ${await dialog.textContent()}`);
    savedId = Number(/Product (\d+)/.exec((await saved.textContent()) ?? '')![1]);
    const stored = (await apiAs<{ payload: Record<string, unknown> }>(server, token, `/api/product/${savedId}`)).payload;
    expect(stored).toMatchObject({
      media_channel: 1, audience: 1, entry_date: '2024-03-04', product_image: '/images/keyboard.jpg', product_name: 'Keyboard Checking',
      product_headline: 'A checking account filled in without a mouse', product_comment: 'Entered with the keyboard alone.',
    });
    expect(stored.panelists).toHaveLength(1);
    expect(stored.companies).toHaveLength(1);
    expect(stored.sectors).toHaveLength(1);
    expect(stored.state_province).toEqual(expect.arrayContaining([expect.any(Number)]));
    for (const key of ['mailing_type', 'personalization', 'dm_tm_source']) expect(stored[key], key).not.toBeUndefined();
  });

  it('ticks the options a multi-select already holds, so picking one again visibly takes it away', async () => {
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/addproduct?channel_id=1`);
    const signIn = page.getByLabel('Username');
    const box = byId(page, 'target_market');
    await signIn.or(box).waitFor();
    if (await signIn.isVisible()) {
      await signIn.fill('admin');
      await page.getByLabel('Password').fill(adminPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
    }
    await box.focus();
    await page.keyboard.type('Stud');
    const option = page.getByRole('option', { name: 'Students' });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Enter');
    const chips = page.locator('.bp6-tag-input:has([id="target_market"]) .bp6-tag');
    await expect.poll(() => chips.allTextContents()).toEqual(['Students']);
    await page.keyboard.type('Stud');
    await expect.poll(() => page.getByRole('option', { name: 'Students' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('keeps the date when the calendar is opened and Enter pressed on the day already chosen', async () => {
    // The page of the test before, signed in.
    await page.goto(`${server.url}/addproduct?channel_id=1`);
    const date = byId(page, 'entry_date');
    await date.waitFor();
    await date.fill('03/04/2024');
    await date.press('Enter');
    await date.focus();
    await page.keyboard.press('Alt+ArrowDown');
    const calendar = page.locator('.bp6-datepicker');
    await calendar.waitFor();
    // The calendar opens on the chosen day: Enter there closes it and keeps the date.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('4');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    expect(await date.inputValue()).toBe('03/04/2024');
  });

  /** axe-core over the whole editor (every block laid out, not only what is on screen). */
  async function axeViolations(): Promise<Violation[]> {
    await page.addStyleTag({ content: '.portal-block-edit, .portal-block-read { content-visibility: visible !important; }' });
    await page.evaluate(axeSource);
    return page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[]; failureSummary?: string }> }> }> } }).axe;
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
      return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
    }, WCAG_22_AA);
  }

  it('axe-core finds no WCAG 2.2 AA violation on /addproduct and /product', async () => {
    // A page of its own (signed in through the context's session): nothing left over from the test before.
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const path of ['/addproduct?channel_id=1', `/product?product_id=${fixtureId}`, ...(savedId ? [`/product?product_id=${savedId}`] : [])]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('toolbar', { name: 'Product actions' }).waitFor();
      await page.locator('.portal-metadata-form section').first().waitFor();
      expect(await axeViolations(), path).toEqual([]);
    }
  });
});
