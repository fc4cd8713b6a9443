import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import type { StartedServer } from '../server/helpers/startServer';
import { junkRefusal } from './helpers/alteredMetadata';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { e2eAdminPassword, signInByApi } from './helpers/signIn';

// Issue 10 on the demo data (first start, a slice of the demo inbox): the metadata is the one
// source of the email statuses and messages, and the copy flow works end to end (000 §2, §4, §5, §9).
const adminPassword = e2eAdminPassword;
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

describe('triage dashboards on the demo data', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let problems: string[];

  const api = async <T,>(path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const res = await page.request.fetch(`${server.url}${path}`, body === undefined ? {} : { method: 'POST', data: body });
    return { status: res.status(), json: (await res.json()) as T };
  };

  beforeAll(async () => {
    // The shared portal whose metadata makes Junk (spacey) no longer selectable and rewords its
    // refusal (alteredMetadata.ts).
    server = sharedServer('alteredMetadata');
    browser = await launchBrowser();
    ({ page, problems } = await openWatchedPage(browser.context));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByApi(browser.context, server.url, 'admin', adminPassword);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('follows a status annotation and a message changed in the metadata copy, in the server and the browser', async () => {
    await page.goto(`${server.url}/`);
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    const firstStatus = page.getByLabel(/^Status of \d+$/).first();
    await poll(() => firstStatus.count()).toBe(1);
    // The browser: the dropdowns offer what the copy says (Junk is no longer selectable).
    expect(await firstStatus.locator('option').allInnerTexts()).toEqual(['Normal / Focus', 'Copy']);
    const setStatus = page.getByLabel('Set status', { exact: true });
    expect(await setStatus.locator('option').allInnerTexts()).toEqual(['Set status', 'Normal / Focus', 'Copy']);
    // The server: refuses the status with the copy's message.
    const muid = Number((await firstStatus.getAttribute('aria-label'))?.replace('Status of ', ''));
    const junkCode = (JSON.parse(readFileSync(join(projectRoot, 'schemas/codes/email_status.json'), 'utf8')) as { oneOf: Array<{ const: number; 'x-key': string }> }).oneOf.find((e) => e['x-key'] === 'junk')!.const;
    const refused = await api<{ message: string }>('/api/emails', { type: 'update', payload: [{ muid, deleted: junkCode }] });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(junkRefusal);
    expect(problems).toEqual([]);
  });

  const dialogText = () => page.getByTestId('dialog-message').textContent();
  const closeDialog = async () => {
    await page.getByRole('button', { name: 'Ok' }).click();
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);
  };
  const statusCells = () => page.getByLabel(/^Status of \d+$/);
  const idOfStatus = async (i: number) => Number((await statusCells().nth(i).getAttribute('aria-label'))?.replace('Status of ', ''));
  const pad = (n: number) => String(n).padStart(2, '0');
  /** What the assign case did, for the product's list of emails after it. */
  const assigned: { product: number; copies: number[] } = { product: 0, copies: [] };

  it('opens on the last 30 days up to the newest email with Blank on and Country US, and lists mail (000 §9)', async () => {
    await page.goto(`${server.url}/`);
    await poll(() => statusCells().count()).toBeGreaterThan(0);
    const raw = (await api<{ newestDay: string }>('/api/emails/raw-data')).json;
    const to = new Date(`${raw.newestDay}T00:00:00Z`);
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
    expect([await value('From Year'), await value('From Month'), await value('From Day')]).toEqual([String(from.getUTCFullYear()), pad(from.getUTCMonth() + 1), pad(from.getUTCDate())]);
    expect([await value('To Year'), await value('To Month'), await value('To Day')]).toEqual([String(to.getUTCFullYear()), pad(to.getUTCMonth() + 1), pad(to.getUTCDate())]);
    expect(await page.getByRole('checkbox', { name: 'Blank', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Country').inputValue()).toBe('US');
    // What the list shows is inside the range the form says.
    const muids = await Promise.all([0, 1, 2].map(idOfStatus));
    for (const muid of muids.filter(Boolean)) {
      const d = (await api<{ email_date: string }>(`/api/emails/detail/${muid}`)).json;
      expect(d.email_date.slice(0, 10) >= from.toISOString().slice(0, 10)).toBe(true);
    }
    // A reversed range is refused, by the browser and by the server, with the same words.
    // The demo inbox is old mail: the current year is after its newest day.
    await page.getByLabel('From Year', { exact: true }).selectOption(String(new Date().getUTCFullYear()));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(dialogText).toBe('The From date is after the To date.');
    await closeDialog();
    const refused = await api<{ message: string }>('/api/emails/search', {
      search: { ...defaultsOf(from, to), from_day: '31', from_month: '02', from_year: '2024' },
      request: { page: 1, perpage: 10, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Please choose a valid From date.');
    expect(problems.filter((p) => !p.includes('/api/emails/search'))).toEqual([]);
    problems.length = 0;
  });

  it('shows the panelists\' flags in the list and finds them with the flag search (000 §2)', async () => {
    await page.goto(`${server.url}/`);
    await poll(() => statusCells().count()).toBeGreaterThan(0);
    // Widen to every date so plenty of flagged mail is listed.
    for (const f of ['From Year', 'To Year']) await page.getByLabel(f, { exact: true }).selectOption('');
    await page.getByLabel('Per page').selectOption('50');
    await poll(async () => (await page.locator('[data-testid^="flags-"]').allInnerTexts()).some((t) => t.trim() !== '')).toBe(true);
    const flag = (await page.locator('[data-testid^="flags-"]').allInnerTexts()).find((t) => t.trim() !== '')!.trim().split(' ')[0];
    await page.getByRole('group', { name: 'Flags' }).getByRole('checkbox', { name: flag, exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(async () => {
      const texts = await page.locator('[data-testid^="flags-"]').allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.split(' ').includes(flag));
    }).toBe(true);
    expect(problems).toEqual([]);
  });

  it('assigns two emails to a demo product by its entry id: Update asks for a selection first, then both become Copy (000 §4, §5)', async () => {
    await page.goto(`${server.url}/`);
    await poll(() => statusCells().count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(dialogText).toBe('Please select atleast one email.');
    await closeDialog();
    // A Used demo email names the product it was catalogued into.
    await page.getByLabel('Search', { exact: true }).fill('');
    for (const f of ['From Year', 'To Year']) await page.getByLabel(f, { exact: true }).selectOption('');
    for (const t of ['Blank', 'Unused']) await page.getByRole('checkbox', { name: t, exact: true }).uncheck({ force: true });
    await page.getByRole('checkbox', { name: 'Used', exact: true }).check({ force: true });
    await page.getByLabel('Country').selectOption('0');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const usedId = page.getByLabel(/^Product of \d+$/).first();
    await poll(() => usedId.count()).toBe(1);
    assigned.product = Number((await usedId.getAttribute('aria-label'))?.replace('Product of ', ''));
    // It reads as something to click: the colour of the other rows' id links (a plain button read as text).
    const [own, link] = await usedId.evaluate((el) => {
      const a = el.parentElement!.appendChild(Object.assign(document.createElement('a'), { href: '/email/1' }));
      const colours = [getComputedStyle(el).color, getComputedStyle(a).color];
      a.remove();
      return colours;
    });
    expect(own).toBe(link);
    expect(await usedId.getAttribute('title')).toBe('Open the product this email was used for');
    await usedId.click();
    await poll(async () => (await dialogText()) ?? '').toMatch(/^Entry ID: \d{4}-\d{2}-\d{2}-\d+$/);
    const entryId = (await dialogText())!.replace('Entry ID: ', '');
    await closeDialog();

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await poll(() => statusCells().count()).toBeGreaterThan(1);
    const a = await idOfStatus(0);
    const b = await idOfStatus(1);
    await page.getByLabel(`Select ${a}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(dialogText).toBe('Product ID can not be empty.');
    await closeDialog();
    await page.getByLabel(`Select ${a}`, { exact: true }).uncheck();
    // The portal's entry ids pass the field's rule (digits, spaces, hyphens).
    await page.getByLabel('Assign Copies ID').fill(entryId);
    expect(await page.getByLabel('Assign Copies ID').inputValue()).toBe(entryId);
    await page.getByLabel(`Select ${a}`, { exact: true }).check();
    await page.getByLabel(`Select ${b}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(dialogText).toBe(`2 email(s) assigned to product ${entryId} as Copy.`);
    await closeDialog();
    assigned.copies = [a, b];
    for (const muid of [a, b]) {
      const d = (await api<{ deleted: number; entry_id: string }>(`/api/emails/detail/${muid}`)).json;
      expect(d).toMatchObject({ deleted: 4, entry_id: entryId });
    }
    // The product's emails: its Copy emails are listed when Copy mail is searched.
    for (const t of ['Blank', 'Unused']) await page.getByRole('checkbox', { name: t, exact: true }).uncheck({ force: true });
    await page.getByRole('checkbox', { name: 'Copy', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(async () => (await statusCells().count()) >= 2 && (await page.getByLabel(`Select ${a}`, { exact: true }).count()) === 1).toBe(true);
    expect(await page.getByLabel(`Status of ${a}`, { exact: true }).inputValue()).toBe('4');
    expect(problems).toEqual([]);
  });

  it('the product lists its emails: the Used one it was catalogued from and the two Copy emails, each opening the email (000 §5)', async () => {
    expect(assigned.copies).toHaveLength(2);
    // The demo product catalogued from the Used email (product muid = that email's muid).
    await page.goto(`${server.url}/product/${assigned.product}`);
    const section = page.locator('.portal-product-emails');
    const rows = section.locator('tbody tr');
    await poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const statusOf = async (muid: number) => (await section.getByTestId(`product-email-${muid}`).locator('td').first().textContent())?.trim();
    expect(await statusOf(assigned.product)).toBe('Used');
    for (const muid of assigned.copies) expect(await statusOf(muid)).toBe('Copy');
    // Used first.
    expect(await rows.first().getAttribute('data-testid')).toBe(`product-email-${assigned.product}`);
    const subject = (await api<{ email_subject: string }>(`/api/emails/detail/${assigned.copies[0]}`)).json.email_subject;
    // Opening one leaves the editor where it is: the email detail comes up in a new tab.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), section.getByRole('link', { name: `Open email ${assigned.copies[0]}`, exact: true }).click()]);
    await tab.waitForURL((u) => u.pathname === `/email/${assigned.copies[0]}`);
    await poll(() => tab.getByRole('region', { name: 'Email detail' }).textContent()).toContain(subject.trim());
    await tab.close();
    expect(new URL(page.url()).pathname).toBe(`/product/${assigned.product}`);
    expect(problems).toEqual([]);
  });

  it('fits 1366 px without a horizontal scrollbar, and the header sticks once scrolled past 200 px (000 §9)', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${server.url}/`);
    await poll(() => statusCells().count()).toBeGreaterThan(0);
    for (const f of ['From Year', 'To Year']) await page.getByLabel(f, { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Per page').selectOption('50');
    await poll(() => statusCells().count()).toBe(50);
    const overflow = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.list-table, .portal-shell__content, body')].map((e) => e.scrollWidth - e.clientWidth));
    await poll(async () => Math.max(...(await overflow()))).toBeLessThanOrEqual(0);
    const bar = page.locator('.email-dashboard__bar');
    expect(await bar.getAttribute('data-sticky')).toBe('false');
    await page.locator('.portal-shell__content').evaluate((e) => e.scrollTo(0, 150));
    await poll(() => bar.getAttribute('data-sticky')).toBe('false');
    await page.locator('.portal-shell__content').evaluate((e) => e.scrollTo(0, 600));
    await poll(() => bar.getAttribute('data-sticky')).toBe('true');
    // Stuck at the top of the pane: the action bar stays in view.
    const box = await bar.boundingBox();
    const pane = await page.locator('.portal-shell__content').boundingBox();
    expect(Math.abs((box?.y ?? 0) - (pane?.y ?? 0))).toBeLessThan(20);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });

  it('keeps the panelist tab when the header switches dashboards, with one list request per switch', async () => {
    await page.goto(`${server.url}/producer`);
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    await poll(() => page.getByLabel('Loading', { exact: true }).count()).toBe(0);
    // The heading shows before the page's own first list is asked for (it waits for raw-data): count
    // from when that list is on screen, so only what the switches send is counted.
    await poll(() => page.getByLabel('Loading emails', { exact: true }).count()).toBe(0);
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/emails\/(list|search)$/.test(new URL(r.url()).pathname)) lists.push(r.postData() ?? '');
    });
    await page.getByRole('banner').getByRole('button', { name: 'e-Glacier', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/producer');
    await poll(() => lists.length).toBe(1);
    expect(lists[0]).toContain('"dashboard":"glacier"');
    await page.getByRole('banner').getByRole('button', { name: 'Focus', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/producer');
    expect(await page.getByRole('tab', { name: 'Producer Panelists' }).getAttribute('aria-selected')).toBe('true');
    await poll(() => lists.length).toBe(2);
    expect(problems).toEqual([]);
  });
});

function defaultsOf(from: Date, to: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    query: '', by_id: false, by_subject: true, by_body: false, by_sender_name: false, by_sender_email: false,
    from_day: pad(from.getUTCDate()), from_month: pad(from.getUTCMonth() + 1), from_year: String(from.getUTCFullYear()),
    to_day: pad(to.getUTCDate()), to_month: pad(to.getUTCMonth() + 1), to_year: String(to.getUTCFullYear()),
    show_blank: true, show_unused: true, show_used: false, show_copy: false, show_junk: false,
    hide_read: false, flags: [], panelist: '', state: '', country: 'US', owner_type: '', partition: '',
  };
}
