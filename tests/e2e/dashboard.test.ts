import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../server/helpers/startInProcess';
import type { StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { e2eAdminPassword } from './helpers/signIn';
import { prepareDashboardCorpus, startCanary, type Canary, type Corpus } from './helpers/dashboardCorpus';
import { focusInDialog } from './helpers/dialogFocus';

// Issue 6 items 4-8 on an imported corpus (fixtures + SpamAssassin messages): 000 §2-§5, §7-§9, and bulk "Set status".
const adminPassword = e2eAdminPassword;
// The machine running these may be busy: allow screens time to load before a check fails.
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

describe('email dashboards in the browser', () => {
  let canary: Canary;
  let corpus: Corpus;
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  const dialogs: string[] = [];

  const api = async <T,>(path: string, body?: unknown): Promise<T> => {
    const res = await page.request.fetch(`${server.url}${path}`, body === undefined ? {} : { method: 'POST', data: body });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const muidOf = async (subject: string): Promise<number> => {
    const r = await api<{ payload: Array<{ muid: number; email_subject: string }> }>('/api/emails/search', {
      search: { ...emptySearch, query: subject, by_subject: true, show_used: true, show_copy: true, show_junk: true },
      request: { page: 1, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' },
    });
    const hit = r.payload.find((e) => e.email_subject === subject);
    if (!hit) throw new Error(`no email "${subject}"`);
    return hit.muid;
  };
  const dialogText = () => page.getByTestId('dialog-message').textContent();
  const closeDialog = async () => {
    await page.getByRole('button', { name: 'Ok' }).click();
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);
  };
  // The email list is plain rows (ListTable, issue 17): one copy of each cell and header. The other
  // lists are Blueprint's Table2, which draws its header again in a sticky top quadrant: their cells
  // are read from the main quadrant, header buttons and names from the top one.
  const emailList = () => page.getByRole('region', { name: 'Emails' });
  const body = (region: string) => (region === 'Emails' ? emailList() : page.getByRole('region', { name: region }).locator('.bp6-table-quadrant-main'));
  const headerOf = (region: string) => (region === 'Emails' ? emailList().getByRole('row').first() : page.getByRole('region', { name: region }).locator('.bp6-table-quadrant-top'));
  const rowIds = async () => (await body('Emails').locator('.dashboard-cell--id').allInnerTexts()).map((t) => t.trim());
  const subjectsShown = () => body('Emails').locator('.dashboard-cell--subject').allInnerTexts();
  const waitIdle = () => poll(() => page.getByLabel('Loading', { exact: true }).count()).toBe(0);

  beforeAll(async () => {
    canary = await startCanary();
    corpus = await prepareDashboardCorpus(canary.url);
    server = await startInProcess(corpus.dataDir);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1920, height: 1200 });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/`);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await canary?.close();
    if (corpus) rmSync(corpus.dataDir, { recursive: true, force: true });
  });

  it("shows the Focus list with tabs, columns, render time, dates and 10 rows", async () => {
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    await poll(async () => (await rowIds()).length).toBe(10);
    for (const tab of ['All', 'Producer Panelists', 'Consumer Panelists', 'Mortgage Broker Panelists', 'Provider Panelists']) {
      expect(await page.getByRole('tab', { name: tab }).isVisible()).toBe(true);
    }
    const headers = await headerOf('Emails').getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['', 'ID', 'Status', 'Subject', 'Panelist Email', 'Flag', 'Flags', 'Points', 'Mark', 'Attachment', 'Date', 'Action']);
    // Newest first (some corpus spam is dated in the future, ahead of the fixtures).
    const dates = await body('Emails').locator('.dashboard-cell--date').allInnerTexts();
    // Emails without a parseable Date header show no date (and sort first, as PostgreSQL puts nulls first in descending order).
    for (const d of dates.filter((x) => x.trim())) expect(d).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(isNewestFirst(dates), JSON.stringify(dates)).toBe(true);
    // At 1366 px the date sits over its time, so the subject keeps a readable width (the spec cuts it at 60 characters).
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1366, height: 768 });
    const widths = async () => {
      const width = (kind: string) => body('Emails').locator(`.dashboard-cell--${kind}`).first().evaluate((c) => c.getBoundingClientRect().width);
      return { subject: await width('subject'), date: await width('date') };
    };
    await poll(async () => (await widths()).subject).toBeGreaterThanOrEqual(180);
    expect((await widths()).date).toBeLessThan(110);
    if (viewport) await page.setViewportSize(viewport);
    // The date range stays on one line (at 1440 px To used to wrap away from From), and Search stays beside Clear.
    for (const width of [1440, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const range = page.getByRole('group', { name: 'Date range' });
      const top = (name: string) => range.getByText(name, { exact: true }).evaluate((e) => Math.round(e.getBoundingClientRect().top));
      await poll(async () => (await top('From:')) === (await top('To:'))).toBe(true);
      const buttonTop = (name: string) => page.getByRole('button', { name, exact: true }).evaluate((e) => Math.round(e.getBoundingClientRect().top));
      expect(await buttonTop('Search')).toBe(await buttonTop('Clear'));
    }
    if (viewport) await page.setViewportSize(viewport);
    await poll(() => page.getByTestId('render-time').textContent()).toMatch(/^rendered in /);
    // Used and Copy emails are not in Focus.
    expect(await subjectsShown()).not.toContain(`${corpus.subjects.sale} 11`);
  });

  it('a cold load of / takes the US states from raw data: the State filter lists them, no states request', async () => {
    const asked: string[] = [];
    const record = (r: { url: () => string }) => asked.push(new URL(r.url()).pathname);
    page.on('request', record);
    try {
      await page.goto(`${server.url}/`);
      await poll(async () => (await rowIds()).length).toBe(10);
      const states = page.getByLabel('State', { exact: true });
      await poll(() => states.locator('option').count()).toBeGreaterThan(50);
      expect(await states.locator('option').allInnerTexts()).toContain('California');
      expect(asked).toContain('/api/emails/raw-data');
      expect(asked.filter((path) => path.startsWith('/api/emails/states/'))).toEqual([]);
    } finally {
      page.off('request', record);
    }
  });

  it('sorts descending first, toggles, and returns to page 1', async () => {
    // The first page in the default order (newest first), as the previous test saw it load.
    const newestFirst = await rowIds();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await waitIdle();
    await headerOf('Emails').getByRole('button', { name: 'Sort by ID' }).click();
    await waitIdle();
    await poll(async () => page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    // The strip moves to page 1 before the sorted page arrives: wait for the rows to be in ID order.
    const descending = (ids: number[]) => ids.length > 1 && ids.every((v, i) => i === 0 || ids[i - 1] > v);
    await poll(async () => descending((await rowIds()).map(Number))).toBe(true);
    const desc = (await rowIds()).map(Number);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await headerOf('Emails').getByRole('button', { name: 'Sort by ID' }).click();
    await poll(async () => (await rowIds()).map(Number)[0]).toBeLessThan(desc[desc.length - 1]);
    const asc = (await rowIds()).map(Number);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    // Date sorts descending first: the default first page again (ascending IDs can be newest first
    // too, so the order of the dates alone would not show that the sorted page has arrived).
    await headerOf('Emails').getByRole('button', { name: 'Sort by Date' }).click();
    await poll(rowIds).toEqual(newestFirst);
    expect(isNewestFirst(await body('Emails').locator('.dashboard-cell--date').allInnerTexts())).toBe(true);
  });

  it('pages with the strip and the page size', async () => {
    const first = await rowIds();
    await page.getByRole('button', { name: 'Next page' }).click();
    await poll(async () => (await rowIds())[0]).not.toBe(first[0]);
    const second = await rowIds();
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await page.getByRole('button', { name: 'Page 4', exact: true }).click();
    await poll(async () => page.getByRole('button', { name: 'Page 4', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await poll(async () => page.getByRole('button', { name: 'Page 3', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.getByLabel('Per page').selectOption('20');
    await poll(async () => (await rowIds()).length).toBe(20);
    expect(await page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.getByLabel('Per page').selectOption('10');
    await poll(async () => (await rowIds()).length).toBe(10);
  });

  it("searches, refuses an empty search and a long panelist, and clears", async () => {
    // The defaults (last 30 days, Country US) are filters; without them a search has none.
    for (const f of ['From Year', 'To Year']) await page.getByLabel(f, { exact: true }).selectOption('');
    await page.getByLabel('Country').selectOption('0');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(dialogText).toBe('Please choose atleast one filter.');
    await closeDialog();

    await page.getByLabel('Panelist', { exact: true }).fill('p'.repeat(256));
    await poll(dialogText).toBe('Only 255 characters allowed.');
    await closeDialog();
    expect(await page.getByLabel('Panelist', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('Country').selectOption('0');
    await page.getByLabel('Search', { exact: true }).fill('Fixture sale');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Subject search, 50 per page: the ten Focus sale fixtures (11 is Used, 12 is Copy).
    await poll(async () => {
      const shown = await subjectsShown();
      return shown.length === 10 && shown.every((s) => s.startsWith(corpus.subjects.sale));
    }).toBe(true);
    expect(await page.getByLabel('Per page').inputValue()).toBe('50');

    // ID search clears the subject toggle and the query.
    await page.getByRole('checkbox', { name: 'ID', exact: true }).check({ force: true });
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Subject', exact: true }).isChecked()).toBe(false);

    await page.getByLabel('Search', { exact: true }).fill('zzzz-no-such-id');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'No Records' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await poll(async () => (await rowIds()).length).toBe(10);
    expect(await page.getByLabel('Per page').inputValue()).toBe('10');
    expect(await page.getByRole('checkbox', { name: 'Subject', exact: true }).isChecked()).toBe(true);
  });

  it("changes a status (spinner, then 'Done', marks read) and points (toast)", async () => {
    const muid = await muidOf(`${corpus.subjects.sale} 1`);
    await page.getByLabel('Search', { exact: true }).fill(`${corpus.subjects.sale} 1`);
    await page.getByLabel('Country').selectOption('0');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // The searched list drawn, not the one before it still on screen (a status changed meanwhile: the next test).
    const subjects = page.locator('a.email-subject');
    await poll(() => subjects.evaluateAll((ls, q) => ls.length > 0 && ls.every((l) => (l.getAttribute('title') ?? '').includes(q)), `${corpus.subjects.sale} 1`)).toBe(true);
    await poll(() => page.getByLabel(`Status of ${muid}`, { exact: true }).count()).toBe(1);
    const options = await page.getByLabel(`Status of ${muid}`, { exact: true }).locator('option').allInnerTexts();
    expect(options).toEqual(['Normal / Focus', 'Junk (in the spacey list)', 'Copy']);
    await page.getByLabel(`Status of ${muid}`, { exact: true }).selectOption('1');
    await poll(() => page.getByText('Done.', { exact: true }).isVisible()).toBe(true);
    const saved = await api<{ deleted: number }>(`/api/emails/email/${muid}`);
    expect(saved.deleted).toBe(1);
    expect((await api<{ email_read: number }>(`/api/emails/detail/${muid}`)).email_read).toBe(1);
    // 'Done' goes after 5 s.
    await poll(() => page.getByText('Done.', { exact: true }).count()).toBe(0);

    await page.getByLabel(`Points of ${muid}`, { exact: true }).selectOption('5');
    await poll(() => page.getByText('Points Updated Successfully!').isVisible()).toBe(true);
    // The toast leaves the header's links and the search form uncovered while it lasts: it sits below them.
    const toastTop = (await page.locator('.bp6-toast').filter({ hasText: 'Points Updated Successfully!' }).boundingBox())!.y;
    const searchBottom = await page.getByRole('button', { name: 'Search', exact: true }).evaluate((b) => b.getBoundingClientRect().bottom);
    expect(toastTop).toBeGreaterThan(searchBottom);
    expect((await api<{ panelist_score: string }>(`/api/emails/detail/${muid}`)).panelist_score).toBe('5');
    await page.getByLabel(`Status of ${muid}`, { exact: true }).selectOption('0');
    await poll(async () => (await api<{ deleted: number }>(`/api/emails/email/${muid}`)).deleted).toBe(0);
  });

  it('a status changed while a search is on its way stays changed when the search answers with the row as it was read before', async () => {
    const sale = corpus.subjects.sale;
    const muid = await muidOf(`${sale} 2`);
    const statusOf = () => page.getByLabel(`Status of ${muid}`, { exact: true });
    const subjects = page.locator('a.email-subject');
    await page.getByLabel('Search', { exact: true }).fill(sale);
    await page.getByLabel('Country').selectOption('0');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(() => subjects.count()).toBe(10);
    await poll(() => statusOf().inputValue()).toBe('0');
    // The next search is read by the server now (the row as it is), and its answer reaches the page only
    // after the status change below has been answered: the order two requests on separate connections can take.
    let read!: () => void;
    let deliver!: () => void;
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await page.route('**/api/emails/search', async (route) => {
      const response = await route.fetch();
      read();
      await delivered;
      await route.fulfill({ response });
    }, { times: 1 });
    await page.getByLabel('Search', { exact: true }).fill(`${sale} 2`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await wasRead;
    // The list before the search is still on screen: the reviewer sets the row's status there.
    await statusOf().selectOption('1');
    await poll(() => page.getByText('Done.', { exact: true }).isVisible()).toBe(true);
    deliver();
    // The searched list is drawn (before, SWR dropped an answer under way when a write patched the lists,
    // and the previous list stayed) with the status as changed, not as the search read it.
    await poll(() => subjects.count()).toBe(1);
    expect(await statusOf().inputValue()).toBe('1');
    expect((await api<{ deleted: number }>(`/api/emails/email/${muid}`)).deleted).toBe(1);
    await statusOf().selectOption('0');
    await poll(async () => (await api<{ deleted: number }>(`/api/emails/email/${muid}`)).deleted).toBe(0);
  });

  it("moves to e-Glacier and back, refusing Used and Copy emails", async () => {
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await waitIdle();
    await page.getByRole('button', { name: 'Move to e-Glacier' }).click();
    await poll(dialogText).toBe('Please select atleast one email.');
    await closeDialog();

    // Used (sale 11) and Copy (sale 12) are listed when their email types are searched.
    const used = await muidOf(`${corpus.subjects.sale} 11`);
    const copy = await muidOf(`${corpus.subjects.sale} 12`);
    const plain = await muidOf(`${corpus.subjects.sale} 2`);
    await page.getByLabel('Search', { exact: true }).fill(corpus.subjects.sale);
    await page.getByLabel('Country').selectOption('0');
    await page.getByRole('checkbox', { name: 'Used', exact: true }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Copy', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(() => page.getByLabel(`Select ${used}`, { exact: true }).count()).toBe(1);
    // A Used email's status is plain text.
    expect(await page.getByTestId(`status-${used}`).innerText()).toBe('Used');
    await page.getByLabel(`Select ${used}`, { exact: true }).check();
    await page.getByLabel(`Select ${plain}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Move to e-Glacier' }).click();
    await poll(dialogText).toBe('You have selected some emails which have used and copy status');
    await closeDialog();
    await page.getByLabel(`Select ${used}`, { exact: true }).uncheck();
    await page.getByLabel(`Select ${copy}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Move to e-Glacier' }).click();
    await poll(dialogText).toBe('You have selected some emails which have used and copy status');
    await closeDialog();
    await page.getByLabel(`Select ${copy}`, { exact: true }).uncheck();

    await page.getByRole('button', { name: 'Move to e-Glacier' }).click();
    await poll(() => page.getByLabel(`Select ${plain}`, { exact: true }).count()).toBe(0);
    expect((await api<{ deleted: number }>(`/api/emails/email/${plain}`)).deleted).toBe(3);

    // The header's e-Glacier button: no tabs, the moved email is there; Move To Focus brings it back.
    await page.getByRole('banner').getByRole('button', { name: 'e-Glacier', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'All' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Junk', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Blank', exact: true }).isChecked()).toBe(false);
    await poll(() => page.getByLabel(`Select ${plain}`, { exact: true }).count()).toBe(1);
    await page.getByLabel(`Select ${plain}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Move To Focus' }).click();
    await poll(() => page.getByLabel(`Select ${plain}`, { exact: true }).count()).toBe(0);
    expect((await api<{ deleted: number }>(`/api/emails/email/${plain}`)).deleted).toBe(0);
    await page.getByRole('banner').getByRole('button', { name: 'Focus', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Blank', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Focus dashboard', exact: true }).count()).toBe(1);
    // e-Glacier has no tabs: opened from a panelist type's route, its heading names the type it lists.
    await page.getByRole('tab', { name: 'Consumer Panelists' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'e-Glacier', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard · Consumer Panelists', exact: true }).isVisible()).toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Focus', exact: true }).click();
    await page.getByRole('tab', { name: 'All' }).click();
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard', exact: true }).isVisible()).toBe(true);
  });

  it('assigns copies with its validation messages, and asks before leaving unsaved changes', async () => {
    await waitIdle();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(dialogText).toBe('Please select atleast one email.');
    await closeDialog();
    await page.getByLabel('Assign Copies ID').fill('abc');
    await poll(dialogText).toBe('Enter a valid Entry ID or MUID.');
    await closeDialog();
    expect(await page.getByLabel('Assign Copies ID').inputValue()).toBe('');
    await page.getByLabel('Assign Copies ID').fill('2024-05-01-9');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(dialogText).toBe('Please select atleast one email.');
    await closeDialog();

    const ids = await rowIds();
    const muid = Number(ids[1]);
    await page.getByLabel(`Select ${muid}`, { exact: true }).check();
    // Checking with a product id set shows the email as Copy (unsaved).
    expect(await page.getByLabel(`Status of ${muid}`, { exact: true }).inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Next page' }).click();
    await poll(() => page.getByTestId('confirm-message').textContent()).toBe('Do you really want to continue with unsaved changes?');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel(`Select ${muid}`, { exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(dialogText).toContain('2024-05-01-9');
    await closeDialog();
    expect(await page.getByLabel(`Select ${muid}`, { exact: true }).isChecked()).toBe(false);
    expect((await api<{ deleted: number }>(`/api/emails/email/${muid}`)).deleted).toBe(4);
  });

  it('opens the email detail in a new tab with its header and links, and marks it read', async () => {
    const muid = await muidOf(`${corpus.subjects.sale} 3`);
    expect((await api<{ email_read: number }>(`/api/emails/detail/${muid}`)).email_read).toBe(0);
    const detail = await browser.context.newPage();
    await detail.goto(`${server.url}/email/${muid}`);
    await poll(() => detail.getByTestId('detail-muid').textContent()).toBe(String(muid));
    expect(await detail.getByTestId('detail-email_subject').textContent()).toBe(`${corpus.subjects.sale} 3`);
    expect(await detail.getByTestId('detail-email_from_one').textContent()).toContain('news3@shopmart.example');
    expect(await detail.getByTestId('detail-email_date').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    // No stray rule above the header's first row (the table has no head).
    expect(await detail.getByTestId('detail-muid').evaluate((td) => [getComputedStyle(td).boxShadow, getComputedStyle(td.previousElementSibling!).boxShadow])).toEqual(['none', 'none']);
    for (const link of ['Go Back', 'Manage Product', 'Manage Product V2', 'View Original', 'Edit Original', 'View Processed Html', 'View Processed PDF']) {
      expect(await detail.getByRole('button', { name: link, exact: true }).isVisible(), link).toBe(true);
    }
    await poll(async () => (await api<{ email_read: number }>(`/api/emails/detail/${muid}`)).email_read).toBe(1);
    // Manage Product opens /product/v2/{muid} as a popup.
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), detail.getByRole('button', { name: 'Manage Product', exact: true }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${server.url}/product/v2/${muid}`);
    await popup.close();
    await detail.getByRole('button', { name: 'Go Back', exact: true }).click();
    await detail.waitForURL(`${server.url}/`);
    await detail.close();
  });

  it('shows hostile HTML with no dialog, no script and no remote request until "Show remote content"', async () => {
    const muid = await muidOf(corpus.subjects.hostile);
    const peek = await browser.context.newPage();
    const peekDialogs: string[] = [];
    peek.on('dialog', (d) => {
      peekDialogs.push(d.message());
      void d.dismiss();
    });
    // Requests that completed (a request the CSP blocks is reported, then fails without leaving the browser).
    const requests: string[] = [];
    peek.on('requestfinished', (r) => requests.push(r.url()));
    await peek.goto(`${server.url}/peek/${muid}`, { waitUntil: 'networkidle' });
    const frame = peek.frameLocator('iframe[title^="Email"]');
    await poll(() => frame.getByRole('heading', { name: 'Hostile canary email' }).isVisible()).toBe(true);
    const iframe = peek.locator('iframe[title^="Email"]');
    const sandbox = (await iframe.getAttribute('sandbox')) ?? '';
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(await iframe.getAttribute('srcdoc')).not.toMatch(/<script|onerror|onload|javascript:/i);
    // The link opens outside the portal.
    expect(await frame.getByRole('link', { name: 'Shop the deal' }).getAttribute('target')).toBe('_blank');
    expect(await frame.getByRole('link', { name: 'Shop the deal' }).getAttribute('rel')).toBe('noopener noreferrer');
    // Everything the email asked for was tried once its frame has loaded (a blocked request fails
    // at once); nothing may have run or reached the canary by then.
    const emailFrame = async () => (await iframe.elementHandle())!.contentFrame();
    await (await emailFrame())!.waitForLoadState('load');
    expect(peekDialogs).toEqual([]);
    expect(canary.hits).toEqual([]);
    expect(requests.filter((u) => u.startsWith(canary.url))).toEqual([]);

    await peek.getByRole('button', { name: 'Show remote content' }).click();
    await poll(() => canary.hits.includes('/pixel.gif')).toBe(true);
    // The document that asked for the pixel, loaded: every request it makes has been made.
    await (await emailFrame())!.waitForLoadState('load');
    // Only images were fetched: no script, handler, stylesheet, frame or form ever ran or loaded.
    expect(canary.hits.every((h) => ['/pixel.gif', '/bg.gif', '/svg-image.gif'].includes(h))).toBe(true);
    expect(peekDialogs).toEqual([]);
    expect(dialogs).toEqual([]);
    await peek.close();
  });

  it('lists duplicates, searches by ID and Subject, sorts ascending first and compares in a modal', async () => {
    await page.goto(`${server.url}/deduplicates`);
    const table = body('Duplicate groups');
    await poll(() => table.locator('.dashboard-cell').count()).toBeGreaterThan(0);
    const headers = (await headerOf('Duplicate groups').locator('.bp6-table-column-name').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(['ID', 'Subject', 'Sender', 'Original Sent Date', 'Total Duplicates']);
    expect(await page.getByRole('checkbox', { name: 'ID', exact: true }).isChecked()).toBe(true);

    const ids = async () => (await table.locator('.dashboard-cell--text').filter({ has: page.locator('[aria-label^="Compare group"]') }).allInnerTexts()).map((t) => Number(t.trim()));
    const ascending = (v: number[]) => v.every((x, i) => i === 0 || v[i - 1] <= x);
    const descending = (v: number[]) => v.every((x, i) => i === 0 || v[i - 1] >= x);
    // ID order by default (ascending); a click on a new column sorts ascending first, then toggles.
    await poll(async () => ascending(await ids())).toBe(true);
    await headerOf('Duplicate groups').getByRole('button', { name: 'Sort by Original Sent Date' }).click();
    await headerOf('Duplicate groups').getByRole('button', { name: 'Sort by ID' }).click();
    await poll(async () => ascending(await ids()) && (await ids()).length > 0).toBe(true);
    await headerOf('Duplicate groups').getByRole('button', { name: 'Sort by ID' }).click();
    await poll(async () => {
      const v = await ids();
      return v.length > 1 && descending(v) && v[0] > v[v.length - 1];
    }).toBe(true);

    await page.getByRole('checkbox', { name: 'Subject', exact: true }).check({ force: true });
    expect(await page.getByRole('checkbox', { name: 'ID', exact: true }).isChecked()).toBe(false);
    await page.getByLabel('Search', { exact: true }).fill('Duplicate offer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(async () => (await ids()).length).toBe(1);
    expect(await table.getByText(corpus.subjects.duplicate).count()).toBe(1);
    await table.getByText(corpus.subjects.duplicate).click();
    const modal = page.getByRole('dialog');
    await poll(() => modal.getByText('Original:', { exact: false }).isVisible()).toBe(true);
    const options = await modal.getByLabel('Duplicate').locator('option').allInnerTexts();
    expect(options).toHaveLength(2);
    await modal.getByLabel('Duplicate').selectOption({ index: 1 });
    await poll(() => modal.locator('iframe').count()).toBe(2);
    // Blueprint closes the dialog on an Escape from inside it: once it has the focus.
    await focusInDialog(page);
    await page.keyboard.press('Escape');
    await poll(() => modal.count()).toBe(0);

    await page.getByLabel('Search', { exact: true }).fill('no such subject zzz');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'No Records' }).isVisible()).toBe(true);
  });

  it('browses import logs by timeframe; the original muid opens the body popup', async () => {
    await page.goto(`${server.url}/importlogs`);
    await poll(() => page.getByLabel('Timeframe').locator('option').count()).toBeGreaterThanOrEqual(2);
    const table = body('Import logs');
    await poll(() => table.locator('.dashboard-cell').count()).toBeGreaterThan(0);
    const headers = (await headerOf('Import logs').locator('.bp6-table-column-name').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(['Muid', 'Original Muid', 'Email Date', 'MimeType', 'S3 Content Length', 'Status', 'Status Code', 'Reason']);
    // The table ends with its last row: no empty band kept for a horizontal scrollbar the fitted columns never need.
    const gapBelowRows = () =>
      page.getByRole('region', { name: 'Import logs' }).evaluate((box) => {
        const bottoms = [...box.querySelectorAll('.bp6-table-quadrant-main .bp6-table-cell')].map((c) => c.getBoundingClientRect().bottom);
        return bottoms.length ? box.getBoundingClientRect().bottom - Math.max(...bottoms) : Infinity;
      });
    await poll(gapBelowRows).toBeLessThanOrEqual(3);
    // The newest job is the fixtures' import.
    await poll(() => page.getByTestId('log-count').textContent()).toContain('(18 messages)');
    expect(await table.locator('.dashboard-cell--enum').first().innerText()).toMatch(/^(Success|Failure)$/);
    const link = table.locator('.dashboard-cell--popup-link a').first();
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(new RegExp(`^${server.url}/emailbodypopup/\\d+/`));
    const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
    expect(size[0]).toBeLessThanOrEqual(520);
    await popup.close();
    // The demo inbox's: 300 messages, 50 a page.
    await page.getByLabel('Timeframe').selectOption({ index: 1 });
    await poll(() => page.getByTestId('log-count').textContent()).toContain('(300 messages)');
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => page.getByTestId('log-count').textContent()).toContain('Page 2 of 6');
  });

  // 000 §4 "Bulk validation in one reading allows only the copy status (4)", §5 'Please select only
  // copy status.' and 'Please select atleast one email.' (docs/decisions/email-statuses.md), on a tab of its own.
  describe('bulk "Set status"', () => {
    let tab: Page;
    let problems: string[];
    /** Bodies of every POST /api/emails (the update call) the tab sent. */
    const updates: unknown[] = [];
    const saved = async (muid: number) => {
      const d = await api<{ deleted: number; email_read: number }>(`/api/emails/detail/${muid}`);
      return { deleted: d.deleted, email_read: d.email_read };
    };
    const tabDialogText = () => tab.getByTestId('dialog-message').textContent();
    const closeTabDialog = async () => {
      await tab.getByRole('button', { name: 'Ok' }).click();
      await poll(() => tab.getByTestId('dialog-message').count()).toBe(0);
    };
    const setStatus = () => tab.getByLabel('Set status', { exact: true });
    const statusOf = (muid: number) => tab.getByLabel(`Status of ${muid}`, { exact: true });
    const checkOf = (muid: number) => tab.getByLabel(`Select ${muid}`, { exact: true });

    beforeAll(async () => {
      ({ page: tab, problems } = await openWatchedPage(browser.context));
      await tab.setViewportSize({ width: 1920, height: 1200 });
      tab.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/emails') updates.push(r.postDataJSON());
      });
      await tab.goto(`${server.url}/`);
    });
    afterAll(async () => {
      await tab?.close();
    });

    it("offers the selectable statuses and asks for a selection first: 'Please select atleast one email.'", async () => {
      await poll(() => tab.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
      await poll(() => setStatus().isVisible()).toBe(true);
      const options = await setStatus().locator('option').allInnerTexts();
      expect(options).toEqual(['Set status', 'Normal / Focus', 'Junk (in the spacey list)', 'Copy']);
      await setStatus().selectOption('4');
      await poll(tabDialogText).toBe('Please select atleast one email.');
      await closeTabDialog();
      expect(updates).toEqual([]);
    });

    it("refuses a non-Copy status on two emails with 'Please select only copy status.', then sets Copy on both", async () => {
      const a = await muidOf(`${corpus.subjects.bulk} 1`);
      const b = await muidOf(`${corpus.subjects.bulk} 2`);
      // List the bulk fixtures with Copy emails included, so the rows stay listed once they are Copy.
      await tab.getByLabel('Search', { exact: true }).fill(corpus.subjects.bulk);
      await tab.getByLabel('Country').selectOption('0');
      await tab.getByRole('checkbox', { name: 'Copy', exact: true }).check({ force: true });
      await tab.getByRole('button', { name: 'Search', exact: true }).click();
      await poll(() => checkOf(a).count()).toBe(1);
      await poll(() => checkOf(b).count()).toBe(1);
      expect(await saved(a)).toEqual({ deleted: 0, email_read: 0 });
      expect(await saved(b)).toEqual({ deleted: 0, email_read: 0 });

      await checkOf(a).check();
      await checkOf(b).check();
      await setStatus().selectOption('1');
      await poll(tabDialogText).toBe('Please select only copy status.');
      await closeTabDialog();
      // Nothing was sent or changed; the checks stay for another choice.
      expect(updates).toEqual([]);
      expect(await saved(a)).toEqual({ deleted: 0, email_read: 0 });
      expect(await saved(b)).toEqual({ deleted: 0, email_read: 0 });
      expect(await statusOf(a).inputValue()).toBe('0');
      expect(await checkOf(a).isChecked()).toBe(true);
      expect(await checkOf(b).isChecked()).toBe(true);
      expect(await setStatus().inputValue()).toBe('');

      await setStatus().selectOption('4');
      await poll(() => statusOf(a).inputValue()).toBe('4');
      await poll(() => statusOf(b).inputValue()).toBe('4');
      await poll(() => checkOf(a).isChecked()).toBe(false);
      expect(await checkOf(b).isChecked()).toBe(false);
      expect(await saved(a)).toEqual({ deleted: 4, email_read: 1 });
      expect(await saved(b)).toEqual({ deleted: 4, email_read: 1 });
      // One request for both emails.
      expect(updates).toHaveLength(1);
      const sent = updates[0] as { type: string; payload: Array<{ muid: number; deleted: number; email_read: number }> };
      expect(sent.type).toBe('update');
      expect(sent.payload.map(({ muid, deleted, email_read }) => ({ muid, deleted, email_read })).sort((x, y) => x.muid - y.muid)).toEqual(
        [a, b].sort((x, y) => x - y).map((muid) => ({ muid, deleted: 4, email_read: 1 })),
      );
      expect(problems).toEqual([]);
    });
  });
});

/** Dates shown as MM/DD/YYYY hh:mm:ss AM/PM are in newest-first order. */
function isNewestFirst(all: string[]): boolean {
  const shown = all.filter((d) => d.trim());
  const t = shown.map((d) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(d.trim());
    if (!m) return NaN;
    const h = (Number(m[4]) % 12) + (m[7] === 'PM' ? 12 : 0);
    return new Date(Number(m[3]), Number(m[1]) - 1, Number(m[2]), h, Number(m[5]), Number(m[6])).getTime();
  });
  return shown.length > 0 && t.every((x, i) => !Number.isNaN(x) && (i === 0 || t[i - 1] >= x));
}

const emptySearch = {
  query: '', by_id: false, by_subject: false, by_body: false, by_sender_name: false, by_sender_email: false,
  from_day: '', from_month: '', from_year: '', to_day: '', to_month: '', to_year: '',
  show_blank: true, show_unused: true, show_used: false, show_copy: false, show_junk: false,
  hide_read: false, flags: [], panelist: '', state: '', country: '0', owner_type: '', partition: '',
};
