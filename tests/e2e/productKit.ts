import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { StartedServer } from '../server/helpers/startServer';
import { e2eAdminPassword } from './helpers/signIn';

/** Helpers for the product editor browser tests (tests/e2e/product*.test.ts). */
/** Admin's password in the seeded data directories the product tests start on. */
export const adminPassword = e2eAdminPassword;

export async function apiAs<T>(server: StartedServer, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function adminToken(server: StartedServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: adminPassword }) });
  return ((await res.json()) as { payload: { access_token: string } }).payload.access_token;
}

/** Opens `path`, signs in as admin on the sign-in screen it redirects to, and waits to be back. */
export async function signInAt(page: Page, server: StartedServer, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.waitForURL(`${server.url}/signin`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
}

/** An element by id (ids are field paths with dots). */
export const byId = (page: Page, id: string): Locator => page.locator(`[id="${id}"]`);

export async function select(page: Page, id: string, label: string): Promise<void> {
  await byId(page, id).selectOption({ label });
}

/** Types a date (MM/DD/YYYY or YYYY-MM-DD) into a date input and commits it with Enter. */
export async function fillDate(page: Page, id: string, date: string): Promise<void> {
  const input = byId(page, id);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

/** Ticks a Blueprint checkbox by clicking its control (the input itself is covered by the indicator). */
export async function tick(page: Page, id: string): Promise<void> {
  await page.locator(`label.bp6-control:has([id="${id}"])`).click();
  await expect.poll(() => byId(page, id).isChecked()).toBe(true);
}

/** Text of the open modal alert; clicks its OK / confirm button. */
export async function acceptAlert(page: Page, expected: string | RegExp): Promise<void> {
  const alert = page.locator('.bp6-alert').last();
  await expect.poll(() => alert.textContent()).toMatch(expected instanceof RegExp ? expected : new RegExp(escape(expected)));
  await alert.locator('.bp6-alert-footer button').first().click();
  await expect.poll(() => page.locator('.bp6-alert').count()).toBe(0);
}

/** Waits for a toast with this text, then dismisses every toast. */
export async function expectToast(page: Page, expected: string | RegExp): Promise<void> {
  await expect.poll(() => page.locator('.bp6-toast').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(expected instanceof RegExp ? expected : escape(expected))]));
  for (const close of await page.locator('.bp6-toast button[aria-label="Close"]').all()) await close.click().catch(() => undefined);
}

/** Clicks an action button and returns the problems the refusal dialog lists (then closes it). */
export async function refusedProblems(page: Page, action: string): Promise<string[]> {
  await page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button', { name: action, exact: true }).click();
  const list = page.getByRole('list', { name: 'Problems' });
  await list.waitFor();
  const items = await list.locator('li').allTextContents();
  const ok = page.getByRole('dialog').getByRole('button', { name: 'OK' });
  if (!(await ok.isVisible())) throw new Error(`${action} was not refused; the dialog says: ${items.join(' | ')}`);
  await ok.click();
  await list.waitFor({ state: 'detached' });
  return items;
}

/** Clicks an action and waits for the post-submit message; confirms the warning dialog when one shows. */
export async function saveWith(page: Page, action: string, expected: RegExp): Promise<void> {
  await page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button', { name: action, exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: expected });
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Continue' });
  const problems = page.getByRole('list', { name: 'Problems' });
  const toast = page.locator('.bp6-toast.bp6-intent-danger');
  const outcome = async () => {
    if (await status.isVisible()) return 'saved';
    if (await confirm.isVisible()) return 'confirm';
    if (await toast.count()) return `toast: ${(await toast.allTextContents()).join(' | ')}`;
    if (await problems.isVisible()) return (await problems.locator('li').count()) ? `refused: ${(await problems.locator('li').allTextContents()).join(' | ')}` : 'confirm';
    return 'pending';
  };
  try {
    await expect.poll(outcome, { timeout: 15_000 }).not.toBe('pending');
  } catch (e) {
    if (process.env.PRODUCT_E2E_SHOTS) await page.screenshot({ path: `${process.env.PRODUCT_E2E_SHOTS}/save-${action}.png`, fullPage: true });
    throw e;
  }
  if ((await outcome()) === 'confirm') await confirm.click();
  await expect.poll(outcome, { timeout: 15_000 }).toBe('saved');
}

/** Picks the first search result for `text` in a search box. */
export async function searchAndPick(page: Page, boxId: string, text: string, resultText: string | RegExp): Promise<void> {
  const box = byId(page, boxId);
  await box.fill(text);
  const results = page.getByRole('listbox', { name: /results/ });
  await results.getByRole('option', { name: resultText }).first().click();
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Creates a product through the API (POST /api/addProduct) and returns its id. */
export async function createProductApi(server: StartedServer, token: string, doc: Record<string, unknown>): Promise<number> {
  return (await apiAs<{ payload: { product_id: number } }>(server, token, '/api/addProduct', doc)).payload.product_id;
}

/** A button of the product actions toolbar. */
/** The Classification block's Add (the sector chain draft's): other blocks (Comment) have an Add of their own. */
export const addSectorChainButton = (page: Page): Locator => page.getByRole('region', { name: 'Classification' }).getByRole('button', { name: 'Add', exact: true });
export const toolbarButton = (page: Page, name: string): Locator => page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button', { name, exact: true });

/** Text of the open confirm alert; clicks the button named `button` (e.g. 'Cancel'). */
export async function answerAlert(page: Page, expected: string, button: string): Promise<void> {
  const alert = page.locator('.bp6-alert').last();
  await expect.poll(() => alert.textContent()).toContain(expected);
  await alert.getByRole('button', { name: button, exact: true }).click();
  // Wait for this alert to go; the answer may open the next one at once (Delete, then its result).
  // While it stays, the poll reads what is on screen, so a failure says which alerts remained.
  const left = page.locator('.bp6-alert', { hasText: expected });
  await expect.poll(async () => ((await left.count()) ? `still open: ${(await page.locator('.bp6-alert').allTextContents()).join(' | ')}` : 'closed')).toBe('closed');
}

/** Waits for a toast with this text and leaves it (e.g. while a modal covers the close buttons). */
export async function toastShown(page: Page, expected: string): Promise<void> {
  await expect.poll(() => page.locator('.bp6-toast').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
}

/**
 * Runs `act`, waits for the answer of the request to `path` it causes and for the page to render
 * what it did with it (two animation frames), then asserts no alert opened.
 */
export async function expectNoAlertAfter(page: Page, path: string, act: () => Promise<unknown>): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  await act();
  await (await answered).finished();
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  expect(await page.locator('.bp6-alert').count()).toBe(0);
}

/** The label of a dropdown's chosen option (the select's values are option indexes). */
export async function selectedLabel(page: Page, id: string): Promise<string> {
  return ((await byId(page, id).locator('option:checked').textContent()) ?? '').trim();
}
