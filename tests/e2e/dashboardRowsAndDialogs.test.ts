import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { sharedServer } from './helpers/sharedServers';
import { signInByApi } from './helpers/signIn';

// A reviewer's day with the keyboard (000 §5, §8): the dashboard's dialogs open on their answer.
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 50 });

/** Whether the focused element's ring shows whole: drawn, and inside the nearest ancestor that clips. */
const focusRing = (el: Element) => {
  const cs = getComputedStyle(el);
  if (!el.matches(':focus-visible') || cs.outlineStyle === 'none') return 'no focus ring';
  const grow = parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth);
  const r = el.getBoundingClientRect();
  let clip = el.parentElement;
  while (clip && getComputedStyle(clip).overflowX === 'visible' && getComputedStyle(clip).overflowY === 'visible') clip = clip.parentElement;
  const c = clip!.getBoundingClientRect();
  return r.left - grow < c.left || r.right + grow > c.right || r.top - grow < c.top || r.bottom + grow > c.bottom ? 'ring clipped' : 'shown';
};

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
    // Its one button is its only Tab stop: the dialog's box is none (Blueprint's overlay made it one).
    await page.keyboard.press('Tab');
    await poll(() => focused(page)).toEqual({ text: 'Ok', inDialog: true });
    await page.keyboard.press('Shift+Tab');
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
    // Tab and Shift+Tab go round its two answers only.
    for (const [key, text] of [['Tab', 'Continue'], ['Tab', 'Cancel'], ['Shift+Tab', 'Continue'], ['Shift+Tab', 'Cancel']] as const) {
      await page.keyboard.press(key);
      await poll(() => focused(page)).toEqual({ text, inDialog: true });
    }
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('confirm-message').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByLabel(`Select ${second}`, { exact: true }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('opens a duplicate group from the keyboard, one Tab stop a row, on the Duplicate dropdown once the emails are in, Tab round to Close (000 §2 Deduplicates)', async () => {
    await page.goto(`${server.url}/deduplicates`);
    const first = page.getByRole('button', { name: /^Compare group \d+$/ }).first();
    await first.waitFor();
    const row = page.locator('.bp6-table-quadrant-main .dedup-row');
    expect(await row.evaluateAll((cells) => cells.filter((c) => (c as HTMLElement).tabIndex >= 0).map((c) => c.getAttribute('aria-label')))).toEqual(
      await page.locator('.bp6-table-quadrant-main .dedup-row[aria-label]').evaluateAll((ids) => ids.map((c) => c.getAttribute('aria-label'))),
    );
    await first.focus();
    // Its focus ring shows: the row's button fills its cell, which clips anything drawn outside it.
    expect(await first.evaluate(focusRing)).toBe('shown');
    await page.keyboard.press('Enter');
    // The dialog opens before its emails are fetched; the dropdown takes the focus when it comes.
    await poll(() => page.getByRole('dialog').getByLabel('Duplicate').evaluate((s) => s === document.activeElement)).toBe(true);
    // At 1366x768 both emails' frames lie whole inside the dialog: no second scrollbar around the two that scroll.
    await poll(() => page.getByRole('dialog').locator('iframe').count()).toBe(2);
    const overflow = await page.getByRole('dialog').locator('.bp6-dialog-body').evaluate((b) => b.scrollHeight - b.clientHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    // Tab goes on through the two emails (and their links) and round to Close; it used to come back to the dropdown.
    await page.keyboard.press('Tab');
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    for (let n = 0; n < 60 && (await page.evaluate(() => document.activeElement?.tagName)) === 'IFRAME'; n++) await page.keyboard.press('Tab');
    await poll(() => page.getByRole('dialog').getByRole('button', { name: 'Close' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => first.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('keeps the focus on a panelist tab chosen with the keyboard, though its route redraws the dashboard, so the arrows go on', async () => {
    await page.goto(`${server.url}/`);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await tab('All').waitFor();
    await tab('All').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/producer`);
    await poll(() => tab('Producer Panelists').evaluate((t) => t === document.activeElement && t.getAttribute('aria-selected') === 'true')).toBe(true);
    await page.keyboard.press('ArrowRight');
    await poll(() => tab('Consumer Panelists').evaluate((t) => t === document.activeElement)).toBe(true);
    await page.keyboard.press(' ');
    await page.waitForURL(`${server.url}/consumer`);
    await poll(() => tab('Consumer Panelists').evaluate((t) => t === document.activeElement && t.getAttribute('aria-selected') === 'true')).toBe(true);
  });

  it('keeps the focus in the pager when Last, Next, First or Previous reaches a bound and is disabled there: on the page number', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('[data-email-link]').first().waitFor();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    const current = () => pages.locator('[aria-current="page"]').evaluate((b) => (b === document.activeElement ? b.textContent : `not focused (${document.activeElement?.tagName})`));
    const last = (await page.getByTestId('page-count').textContent())!.replace(/\D/g, '');
    expect(Number(last)).toBeGreaterThan(2);
    await pages.getByRole('button', { name: 'Last page' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('page') === last);
    await poll(current).toBe(last);
    await pages.getByRole('button', { name: 'Previous page' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => pages.getByRole('button', { name: 'Previous page' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await pages.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('page') === last);
    await poll(current).toBe(last);
    await pages.getByRole('button', { name: 'First page' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('page') === null);
    await poll(current).toBe('1');
  });

  it('scrolls a row control reached by Shift+Tab in below the stuck action bar and column headers, never under them (WCAG 2.4.11)', async () => {
    await page.goto(`${server.url}/?size=50`);
    const links = page.locator('[data-email-link]');
    await links.nth(40).waitFor();
    await page.getByLabel(`Select ${await links.nth(30).getAttribute('data-email-link')}`, { exact: true }).focus();
    await poll(() => page.locator('.email-dashboard__bar[data-sticky="true"]').count()).toBe(1);
    /** The focused control, when something else is drawn over its centre. */
    const hidden = () =>
      page.evaluate(() => {
        const a = document.activeElement as HTMLElement;
        const r = a.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return top && (top === a || a.contains(top)) ? null : (a.getAttribute('aria-label') ?? a.textContent);
      });
    const covered: string[] = [];
    // Up through about ten rows.
    for (let n = 0; n < 90; n++) {
      await page.keyboard.press('Shift+Tab');
      const h = await hidden();
      if (h) covered.push(h);
    }
    expect(covered).toEqual([]);
  });

  it('Per page and a row\u2019s Status take the choice the arrow keys settle on, not each option on the way (it reloaded or stored per key press)', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('[data-email-link]').first().waitFor();
    const lists: string[] = [];
    const writes: string[] = [];
    const watch = (r: Request) => {
      // The list is a POST of its search; anything else but a GET would store.
      if (/\/api\/emails\/search\b/.test(r.url())) lists.push(r.url());
      else if (r.method() !== 'GET' && r.url().includes('/api/emails')) writes.push(r.url());
    };
    page.on('request', watch);
    try {
      const perPage = page.getByLabel('Per page', { exact: true });
      const before = await perPage.inputValue();
      const sizes = await perPage.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const target = sizes[sizes.indexOf(before) + 2];
      await perPage.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await poll(() => perPage.inputValue()).toBe(target);
      expect(new URL(page.url()).searchParams.get('size')).toBeNull();
      await page.keyboard.press('Enter');
      await poll(() => new URL(page.url()).searchParams.get('size')).toBe(target);
      await poll(() => lists.length).toBe(1);

      // A row's status passed with the arrows and left with Escape stores nothing.
      const status = page.getByRole('combobox', { name: /^Status of \d+$/ }).first();
      const shown = await status.inputValue();
      const statuses = await status.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      await status.focus();
      await page.keyboard.press(statuses.indexOf(shown) < statuses.length - 1 ? 'ArrowDown' : 'ArrowUp');
      await poll(() => status.inputValue()).not.toBe(shown);
      await page.keyboard.press('Escape');
      await poll(() => status.inputValue()).toBe(shown);
      await page.keyboard.press('Tab');
      expect(writes).toEqual([]);
    } finally {
      page.off('request', watch);
    }
  });

  it("takes Enter in Assign Copies ID as Update and in Spacey's Product ID as Open product (000 §5: 'Product ID can not be empty.')", async () => {
    await page.goto(`${server.url}/`);
    await page.locator('[data-email-link]').first().waitFor();
    await page.getByLabel('Assign Copies ID', { exact: true }).fill('100251');
    await page.getByLabel('Assign Copies ID', { exact: true }).press('Enter');
    await poll(() => page.getByTestId('dialog-message').textContent()).toBe('Please select atleast one email.');
    // The dialog hands the focus to its Ok once drawn: an Enter before that lands on the field behind it.
    await poll(() => focused(page)).toEqual({ text: 'Ok', inDialog: true });
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);

    await page.goto(`${server.url}/spacy`);
    const productId = page.getByLabel('Product ID', { exact: true });
    await productId.waitFor();
    await productId.press('Enter');
    await poll(() => page.getByTestId('dialog-message').textContent()).toBe('Product ID can not be empty.');
    await poll(() => focused(page)).toEqual({ text: 'Ok', inDialog: true });
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);
    await productId.fill('100251');
    const popup = page.waitForEvent('popup');
    await productId.press('Enter');
    const opened = await popup;
    expect(new URL(opened.url()).pathname).toBe('/product/v2/100251');
    await opened.close();
  });

  it("shows the whole focus ring of Spacey's row links and buttons, which Table2's cells clipped", async () => {
    await page.goto(`${server.url}/spacy`);
    const html = page.getByRole('button', { name: /^View HTML \d+$/ }).nth(1);
    await html.waitFor();
    await page.keyboard.press('Tab');
    const row = page.locator('.dashboard-table .bp6-table-quadrant-main a[href]').nth(1);
    for (const control of [row, html, page.getByRole('button', { name: /^View Predictions \d+$/ }).nth(1)]) {
      await control.focus();
      expect(await control.evaluate(focusRing)).toBe('shown');
    }
  });

  it('reaches each sort header of Deduplicates and Spacey once by Tab, on the copy that is drawn on top', async () => {
    for (const path of ['/deduplicates', '/spacy']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.dashboard-table .dashboard-table__sort').first().waitFor();
      const stops = await page.locator('.dashboard-table').evaluate((table) =>
        [...table.querySelectorAll<HTMLElement>('.dashboard-table__sort')]
          .filter((b) => b.tabIndex >= 0 && !b.closest('[aria-hidden="true"]'))
          .map((b) => {
            // The element at the button's centre is the button itself: nothing covers the focused copy.
            const r = b.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return `${b.getAttribute('aria-label')}${top && b.contains(top) ? '' : ' (covered)'}`;
          }),
      );
      const labels = await page.locator('.dashboard-table .dashboard-table__sort').evaluateAll((bs) => [...new Set(bs.map((b) => b.getAttribute('aria-label')))]);
      expect(labels.length, path).toBeGreaterThan(1);
      expect(stops, path).toEqual(labels);
    }
  });

  it('changes a status from the keyboard and keeps the focus on its select while it saves (000 §4: spinner, then Done.)', async () => {
    await page.goto(`${server.url}/`);
    const links = page.locator('[data-email-link]');
    await links.nth(8).waitFor();
    const muid = await links.nth(8).getAttribute('data-email-link');
    const status = page.getByLabel(`Status of ${muid}`, { exact: true });
    const was = await status.inputValue();
    const row = page.getByRole('row').filter({ has: status });
    await status.focus();
    // The arrow moves the choice; Enter makes it (a status passed on the way is not stored).
    await page.keyboard.press(was === '0' ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await poll(() => row.getByText('Done.', { exact: true }).count()).toBe(1);
    expect(await status.evaluate((s) => s === document.activeElement)).toBe(true);
    // Back as it was, by the keyboard again (the select still has the focus).
    await page.keyboard.press(was === '0' ? 'ArrowUp' : 'ArrowDown');
    await page.keyboard.press('Enter');
    await poll(async () => String((await (await page.request.get(`${server.url}/api/emails/email/${muid}`)).json()).deleted)).toBe(was);
  });

  it("sets Copy on two checked emails from the toolbar's Set status and keeps the focus on it while it saves (000 §4, §5)", async () => {
    await page.goto(`${server.url}/`);
    const links = page.locator('[data-email-link]');
    await links.nth(7).waitFor();
    const muids = [await links.nth(6).getAttribute('data-email-link'), await links.nth(7).getAttribute('data-email-link')];
    const was = await Promise.all(muids.map((m) => page.getByLabel(`Status of ${m}`, { exact: true }).inputValue()));
    for (const m of muids) await page.getByLabel(`Select ${m}`, { exact: true }).check();
    const setStatus = page.getByLabel('Set status', { exact: true });
    // The write waits at the network: the select must keep the focus while it saves.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/api/emails', async (route) => {
      asked = true;
      await held;
      await route.continue();
    }, { times: 1 });
    await setStatus.focus();
    await setStatus.selectOption({ label: 'Copy' });
    await poll(() => asked).toBe(true);
    expect(await setStatus.evaluate((s) => s === document.activeElement)).toBe(true);
    release();
    await poll(() => page.getByText('2 email(s) set to Copy.', { exact: true }).count()).toBe(1);
    expect(await setStatus.evaluate((s) => s === document.activeElement)).toBe(true);
    // Back as they were, for the other files on this portal.
    for (const [i, m] of muids.entries()) {
      const status = page.getByLabel(`Status of ${m}`, { exact: true });
      await poll(() => status.inputValue()).toBe('4');
      await status.selectOption(was[i]!);
      await poll(async () => String((await (await page.request.get(`${server.url}/api/emails/email/${m}`)).json()).deleted)).toBe(was[i]);
    }
  });

  it("shows a row's new flag, points and mark before the server answers, and puts a refused one back with the server's message", async () => {
    await page.goto(`${server.url}/`);
    const links = page.locator('[data-email-link]');
    await links.nth(4).waitFor();
    const muid = await links.nth(4).getAttribute('data-email-link');
    const flag = page.getByLabel(`Flag of ${muid}`, { exact: true });
    const points = page.getByLabel(`Points of ${muid}`, { exact: true });
    const mark = page.getByRole('button', { name: new RegExp(`^(Seen|Unseen): mark of ${muid}$`) });
    const [flagWas, pointsWas, markWas] = [await flag.isChecked(), await points.inputValue(), await mark.innerText()];
    const otherPoints = pointsWas === '5' ? '6' : '5';

    // Each write waits at the network until the test lets it through: what shows meanwhile is the browser's own.
    const held: Array<() => void> = [];
    const hold = async (route: Route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    };
    const writes = (url: URL) => ['/api/emails', '/api/emails/update-score'].includes(url.pathname);
    await page.route(writes, hold);
    const letThrough = async (response: string) => {
      await poll(() => held.length).toBe(1);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === response);
      held.shift()!();
      expect((await answered).status()).toBe(200);
    };

    await flag.setChecked(!flagWas);
    expect(await flag.isChecked()).toBe(!flagWas);
    await letThrough('/api/emails');
    await points.selectOption(otherPoints);
    expect(await points.inputValue()).toBe(otherPoints);
    await letThrough('/api/emails/update-score');
    await poll(() => page.getByText('Points Updated Successfully!').count()).toBe(1);
    await mark.click();
    expect(await mark.innerText()).toBe(markWas === 'Seen' ? 'Unseen' : 'Seen');
    await letThrough('/api/emails');
    await page.unroute(writes, hold);

    // A refused write: the flag goes back and the server's words show.
    await page.route('**/api/emails', (route) => route.fulfill({ status: 409, json: { message: 'This email was changed by someone else.' } }), { times: 1 });
    await flag.click();
    await poll(() => page.getByTestId('dialog-message').textContent()).toBe('This email was changed by someone else.');
    expect(await flag.isChecked()).toBe(!flagWas);
    await page.getByRole('button', { name: 'Ok' }).click();

    // Back as it was, for the other files on this portal.
    await flag.setChecked(flagWas);
    await points.selectOption(pointsWas);
    await mark.click();
    await poll(async () => {
      const row = await (await page.request.get(`${server.url}/api/emails/detail/${muid}`)).json();
      return [row.panelist_core === 1, row.panelist_score ?? '', row.email_read === 1 ? 'Seen' : 'Unseen'];
    }).toEqual([flagWas, pointsWas, markWas]);
  });
});
