import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../src/api/emailTypes';
import { openDb } from '../../src/server/db/openDb';
import { startInProcess } from '../server/helpers/startInProcess';
import { copySeededDataDir, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, type TestBrowser } from './helpers/browser';
import { reviewShot } from './helpers/reviewShot';
import { e2eAdminPassword, signInByApi } from './helpers/signIn';

// Issue 28 "Done when" and items 1, 7: a reviewer's round trip keeps the list (search, size, sort,
// page, tab) through the editor's Cancel, the browser's Back, the detail's Go Back and a reload;
// coming back draws the cached page at once and refreshes it; e-Glacier's Cancel returns to e-Glacier;
// nothing is cut at 1366 px; axe-core (WCAG 2.2 AA rules) finds nothing on /, /spacy and the editor.
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  nodes: Array<{ target: string[] }>;
}

describe("a reviewer's round trip through the email list", () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-roundtrip-e2e-'));
    // The demo data with its 300 demo emails (the run's seeded template `demo`).
    copySeededDataDir('demo', dataDir);
    const db = await openDb({ dataDir });
    try {
      // The corpus's oldest messages are from 2002: one dated 1993, as in the full corpus, so the
      // search can start on 01/01/1993. And a few recent e-Glacier emails for its Cancel.
      await db.query(`update emails set email_date = '1993-06-01T12:00:00Z' where muid = (select min(muid) from emails)`);
      await db.query(`update emails set deleted = 3 where muid in (select muid from emails where email_subject <> '' order by email_date desc, muid desc limit 3)`);
    } finally {
      await db.close();
    }
    server = await startInProcess(dataDir, { FORWARD_TO: 'catalogue@research.example' });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInByApi(browser.context, server.url, 'admin', e2eAdminPassword);
  });
  // A failed test must not leave the list's requests held for the next ones.
  afterEach(async () => {
    await page?.unrouteAll({ behavior: 'ignoreErrors' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const emailList = () => page.getByRole('region', { name: 'Emails' });
  const rowIds = async () => (await emailList().locator('.dashboard-cell--id').allInnerTexts()).map((t) => Number(t.trim()));
  const idle = () => poll(() => page.getByLabel('Loading', { exact: true }).count()).toBe(0);
  const dialogText = () => page.getByTestId('dialog-message').textContent();

  /** Holds the list's requests until released, so a test sees what is drawn before the answer. */
  function holdListRequests() {
    const held: Route[] = [];
    const handler = (route: Route) => void held.push(route);
    return {
      start: () => page.route('**/api/emails/search', handler),
      count: () => held.length,
      release: async () => {
        for (const r of held.splice(0)) await r.continue();
        await page.unroute('**/api/emails/search', handler);
      },
    };
  }

  async function axeViolations(exclude: string[] = []): Promise<string[]> {
    await page.evaluate(axeSource);
    const found = await page.evaluate(
      ([tags, skip]) =>
        (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe
          .run({ include: [['body']], exclude: skip.map((s) => [s]) }, { runOnly: { type: 'tag', values: tags } })
          .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)),
      [wcag, exclude] as const,
    );
    return found;
  }

  /** Controls whose text is cut: header cells, buttons and labels wider inside than out, selects whose chosen text does not fit. */
  const clippedControls = () =>
    page.evaluate(() => {
      const out: string[] = [];
      const ctx = document.createElement('canvas').getContext('2d')!;
      for (const el of document.querySelectorAll<HTMLElement>('.email-dashboard select, .email-dashboard button, .email-dashboard label, .list-table__head, .portal-sidebar a')) {
        if (el instanceof HTMLSelectElement) {
          const cs = getComputedStyle(el);
          ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const text = el.selectedOptions[0]?.textContent ?? '';
          const need = ctx.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
          if (need > el.clientWidth + 1) out.push(`select ${el.getAttribute('aria-label')}: "${text}"`);
        } else if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim()}"`);
      }
      return out;
    });

  it('keeps search, size, sort, page and tab through Cancel, Back, Go Back and a reload, drawing the cached page at once', async () => {
    await page.goto(`${server.url}/consumer`);
    await poll(() => page.getByRole('tab', { name: 'Consumer Panelists', selected: true }).count()).toBe(1);
    await poll(async () => (await rowIds()).length).toBeGreaterThan(0);
    await idle();

    // Search "a" from 01/01/1993: page 1, 50 a page (000 §4); then 20 a page, ID ascending, page 2.
    await page.getByPlaceholder('Search emails').fill('a');
    await page.getByLabel('From Day').selectOption('01');
    await page.getByLabel('From Month').selectOption('01');
    await page.getByLabel('From Year').selectOption('1993');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/query=a&.*from_year=1993.*size=50/);
    await idle();
    await page.getByLabel('Per page').selectOption('20');
    await page.waitForURL(/size=20/);
    await page.getByRole('button', { name: 'Sort by ID' }).click();
    await page.waitForURL(/sort=muid/);
    await page.getByRole('button', { name: 'Sort by ID' }).click();
    await page.waitForURL(/dir=asc/);
    await idle();
    const total = Number((await page.getByTestId('total').innerText()).replace(/[^0-9]/g, ''));
    expect(total, 'the corpus has two pages of consumer emails with "a" in the subject').toBeGreaterThan(20);
    // Page 2 is drawn when its first ID follows page 1's last (by ID ascending): the URL and the idle
    // spinner alone let a loaded machine read page 1 still on screen as page 2 (a run compared the two).
    const ascending = (ids: number[]) => ids.every((id, i) => i === 0 || ids[i - 1]! < id);
    await poll(async () => {
      const ids = await rowIds();
      return ids.length === 20 && ascending(ids);
    }).toBe(true);
    const lastOfPage1 = (await rowIds()).at(-1)!;
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await idle();
    await poll(async () => {
      const ids = await rowIds();
      return ids.length === Math.min(20, total - 20) && ids[0]! > lastOfPage1 && ascending(ids);
    }).toBe(true);
    const listUrl = page.url();
    const rows = await rowIds();
    expect(new URL(listUrl).pathname).toBe('/consumer');
    const params = new URL(listUrl).searchParams;
    expect({ page: params.get('page'), size: params.get('size'), sort: params.get('sort'), dir: params.get('dir'), query: params.get('query'), from: [params.get('from_day'), params.get('from_month'), params.get('from_year')] }).toEqual({
      page: '2', size: '20', sort: 'muid', dir: 'asc', query: 'a', from: ['01', '01', '1993'],
    });

    // Open the first email in the editor, save a draft, Cancel: the same list page, drawn from the
    // cache before the refresh answers, then refreshed.
    const hold = holdListRequests();
    const subject = emailList().locator('.dashboard-cell--subject a').first();
    await subject.click();
    await page.waitForURL(/\/emailEditor\/\d+\?from=/);
    await page.getByTestId('message-richtext').locator('[data-slate-editor]').click();
    await page.keyboard.type('Round trip draft.');
    await page.getByRole('button', { name: 'Save Product Info' }).click();
    await poll(dialogText).toBe('Email saved Successfully!');
    await page.getByRole('button', { name: 'Ok' }).click();
    await poll(() => page.locator('.bp6-overlay-backdrop').count()).toBe(0);
    await hold.start();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(listUrl);
    await poll(rowIds).toEqual(rows);
    await poll(hold.count).toBeGreaterThan(0);
    expect(await rowIds()).toEqual(rows);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/emails/search'));
    await hold.release();
    expect((await (await refreshed).json() as DashboardResponse).payload.map((e) => e.muid)).toEqual(rows);
    await idle();
    expect(await rowIds()).toEqual(rows);

    // The browser's Back from the editor: the same.
    await subject.click();
    await page.waitForURL(/\/emailEditor\/\d+/);
    await page.goBack();
    await page.waitForURL(listUrl);
    await poll(rowIds).toEqual(rows);
    await idle();

    // The detail opens from the ID in a new tab; its Go Back returns to this list.
    const [detail] = await Promise.all([page.context().waitForEvent('page'), emailList().locator('.dashboard-cell--id a').first().click()]);
    await detail.waitForURL(/\/email\/\d+\?from=/);
    await detail.getByRole('button', { name: 'Go Back' }).click();
    await detail.waitForURL(listUrl);
    await poll(async () => (await detail.getByRole('region', { name: 'Emails' }).locator('.dashboard-cell--id').allInnerTexts()).map((t) => Number(t.trim()))).toEqual(rows);
    await detail.close();

    // A reload (a bookmark, a shared link) restores the same page.
    await page.reload();
    await poll(rowIds).toEqual(rows);
    expect(page.url()).toBe(listUrl);
    expect(await page.getByPlaceholder('Search emails').inputValue()).toBe('a');
    expect(await page.getByLabel('Per page').inputValue()).toBe('20');
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it("returns to e-Glacier from an e-Glacier email's Cancel", async () => {
    await page.goto(`${server.url}/?dashboard=glacier`);
    await poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard' }).isVisible()).toBe(true);
    await poll(async () => (await rowIds()).length).toBeGreaterThan(0);
    await emailList().locator('.dashboard-cell--subject a').first().click();
    await page.waitForURL(/\/emailEditor\/\d+\?from=%2F%3Fdashboard%3Dglacier/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${server.url}/?dashboard=glacier`);
    await poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard' }).isVisible()).toBe(true);
  });

  it("puts the keyboard back on the email's link after Cancel, Back and the detail's Go Back", async () => {
    // A keyboard user opens the third email with Enter; coming back, focus was on the page body and
    // the next Tab started again at the header, 40-odd stops above the row they were working on.
    await page.goto(`${server.url}/?size=10`);
    await poll(async () => (await rowIds()).length).toBeGreaterThan(3);
    await idle();
    const link = emailList().locator('.dashboard-cell--subject a').nth(2);
    const href = (await link.getAttribute('href'))!;
    const focusedHref = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? document.activeElement?.tagName);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/emailEditor\/\d+/);
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/?size=10`);
    await poll(focusedHref).toBe(href);

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/emailEditor\/\d+/);
    await page.goBack();
    await page.waitForURL(`${server.url}/?size=10`);
    await poll(focusedHref).toBe(href);

    const muid = href.match(/\/emailEditor\/(\d+)/)![1];
    await page.goto(`${server.url}/email/${muid}?from=${encodeURIComponent('/?size=10')}`);
    await page.getByRole('button', { name: 'Go Back' }).or(page.getByRole('link', { name: 'Go Back' })).first().click();
    await page.waitForURL(`${server.url}/?size=10`);
    await poll(focusedHref).toBe(href);
  });

  it('fits 1366 px with nothing cut, and the pager jumps to a page of its count', async () => {
    await page.goto(`${server.url}/?size=10`);
    await poll(async () => (await rowIds()).length).toBe(10);
    await idle();
    // A long status in the list: 'Junk (in the spacey list)' must show whole.
    const first = (await rowIds())[0];
    await page.getByLabel(`Status of ${first}`).selectOption({ label: 'Junk (in the spacey list)' });
    await poll(() => page.getByText('Done.', { exact: true }).count()).toBe(1);
    await poll(() => page.getByText('Done.', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await clippedControls()).toEqual([]);
    await reviewShot(page, 'email-list-1366.png');

    // The count once the list has the status change (the Junk email may leave it, and a page with it).
    await idle();
    const count = Number((await page.getByTestId('page-count').innerText()).replace(/[^0-9]/g, ''));
    expect(count).toBeGreaterThan(1);
    await page.getByLabel('Page number').fill(String(count));
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL(new RegExp(`page=${count}`));
    await poll(() => page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]').textContent()).toBe(String(count));
    await idle();
    await page.getByRole('button', { name: 'First page' }).click();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.waitForURL(new RegExp(`page=${count}`));
  });

  it('axe-core (WCAG 2.2 AA rules) finds nothing on /, /spacy and the forward editor', async () => {
    await page.goto(`${server.url}/`);
    await poll(async () => (await rowIds()).length).toBeGreaterThan(0);
    await idle();
    expect(await axeViolations()).toEqual([]);

    await page.goto(`${server.url}/spacy`);
    await poll(() => page.locator('.spacey__model').count()).toBe(1);
    expect(await axeViolations()).toEqual([]);

    const muid = (await page.request.post(`${server.url}/api/emails/list`, { data: { page: 1, perpage: 1, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' } }).then((r) => r.json()) as DashboardResponse).payload[0].muid;
    await page.goto(`${server.url}/emailEditor/${muid}`);
    await poll(() => page.getByTestId('body-richtext').locator('[data-slate-editor]').count()).toBe(1);
    // The email's own content inside the editor is the sender's markup, not the portal's.
    expect(await axeViolations(['[data-slate-editor] > *'])).toEqual([]);
  });
});
