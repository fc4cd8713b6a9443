import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { prepareDashboardCorpus, startCanary, type Canary, type Corpus } from './helpers/dashboardCorpus';
import { e2eAdminPassword, signInThroughPage } from './helpers/signIn';

// 000 §4 "Bulk validation in one reading allows only the copy status (4)", §5 'Please select only
// copy status.' and 'Please select atleast one email.' (docs/decisions-copy-status.md).
const adminPassword = e2eAdminPassword;
// The machine running these may be busy: allow screens time to load before a check fails.
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

describe('bulk "Set status" on the email dashboard', () => {
  let canary: Canary;
  let corpus: Corpus;
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let problems: string[];
  /** Bodies of every POST /api/emails (the update call) the page sent. */
  const updates: unknown[] = [];

  const api = async <T,>(path: string, body?: unknown): Promise<T> => {
    const res = await page.request.fetch(`${server.url}${path}`, body === undefined ? {} : { method: 'POST', data: body });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const muidOf = async (subject: string): Promise<number> => {
    const r = await api<{ payload: Array<{ muid: number; email_subject: string }> }>('/api/emails/search', {
      search: { ...emptySearch, query: subject, by_subject: true, show_copy: true },
      request: { page: 1, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' },
    });
    const hit = r.payload.find((e) => e.email_subject === subject);
    if (!hit) throw new Error(`no email "${subject}"`);
    return hit.muid;
  };
  const saved = async (muid: number) => {
    const d = await api<{ deleted: number; email_read: number }>(`/api/emails/detail/${muid}`);
    return { deleted: d.deleted, email_read: d.email_read };
  };
  const dialogText = () => page.getByTestId('dialog-message').textContent();
  const closeDialog = async () => {
    await page.getByRole('button', { name: 'Ok' }).click();
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);
  };
  const setStatus = () => page.getByLabel('Set status', { exact: true });
  const statusOf = (muid: number) => page.getByLabel(`Status of ${muid}`, { exact: true });
  const checkOf = (muid: number) => page.getByLabel(`Select ${muid}`, { exact: true });

  beforeAll(async () => {
    canary = await startCanary();
    corpus = await prepareDashboardCorpus(canary.url);
    server = await startServer({ dataDir: corpus.dataDir });
    browser = await launchBrowser();
    ({ page, problems } = await openWatchedPage(browser.context));
    await page.setViewportSize({ width: 1920, height: 1200 });
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/emails') updates.push(r.postDataJSON());
    });
    await signInThroughPage(page, server.url, 'admin', adminPassword);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await canary?.close();
    if (corpus) rmSync(corpus.dataDir, { recursive: true, force: true });
  });

  it("offers the selectable statuses and asks for a selection first: 'Please select atleast one email.'", async () => {
    await poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    await poll(() => setStatus().isVisible()).toBe(true);
    const options = await setStatus().locator('option').allInnerTexts();
    expect(options).toEqual(['Set status', 'Normal / Focus', 'Junk (in the spacey list)', 'Copy']);
    await setStatus().selectOption('4');
    await poll(dialogText).toBe('Please select atleast one email.');
    await closeDialog();
    expect(updates).toEqual([]);
  });

  it("refuses a non-Copy status on two emails with 'Please select only copy status.', then sets Copy on both", async () => {
    const a = await muidOf(`${corpus.subjects.sale} 1`);
    const b = await muidOf(`${corpus.subjects.sale} 2`);
    // List the sale fixtures with Copy emails included, so the rows stay listed once they are Copy.
    await page.getByLabel('Search', { exact: true }).fill(corpus.subjects.sale);
    await page.getByLabel('Country').selectOption('0');
    await page.getByRole('checkbox', { name: 'Copy', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(() => checkOf(a).count()).toBe(1);
    await poll(() => checkOf(b).count()).toBe(1);
    expect(await saved(a)).toEqual({ deleted: 0, email_read: 0 });
    expect(await saved(b)).toEqual({ deleted: 0, email_read: 0 });

    await checkOf(a).check();
    await checkOf(b).check();
    await setStatus().selectOption('1');
    await poll(dialogText).toBe('Please select only copy status.');
    await closeDialog();
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

const emptySearch = {
  query: '', by_id: false, by_subject: false, by_body: false, by_sender_name: false, by_sender_email: false,
  from_day: '', from_month: '', from_year: '', to_day: '', to_month: '', to_year: '',
  show_blank: true, show_unused: true, show_used: false, show_copy: false, show_junk: false,
  hide_read: false, flags: [], panelist: '', state: '', country: '0', owner_type: '', partition: '',
};
