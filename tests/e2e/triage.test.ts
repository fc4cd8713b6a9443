import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { signInThroughPage } from './helpers/signIn';

// Issue 10 on the demo data (first start, a slice of the demo inbox): the metadata is the one
// source of the email statuses and messages, and the copy flow works end to end (000 §2, §4, §5, §9).
const adminPassword = 'admin-triage-e2e';
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

/** The metadata copy the server runs: Junk (spacey) is no longer selectable and its refusal reworded. */
const changedRefusal = 'Junk can not be chosen on this desk.';
function metadataCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-triage-meta-'));
  for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
  const statusFile = join(dir, 'schemas/codes/email_status.json');
  const table = JSON.parse(readFileSync(statusFile, 'utf8')) as { oneOf: Array<Record<string, unknown>> };
  const junk = table.oneOf.find((e) => e['x-key'] === 'junk');
  if (!junk) throw new Error('no junk status');
  junk['x-selectable'] = false;
  writeFileSync(statusFile, JSON.stringify(table, null, 2));
  const emailsFile = join(dir, 'schemas/dashboards/emails.json');
  const emails = JSON.parse(readFileSync(emailsFile, 'utf8')) as { messages: Record<string, string> };
  emails.messages.statusNotSelectable = changedRefusal;
  writeFileSync(emailsFile, JSON.stringify(emails, null, 2));
  return dir;
}

describe('triage dashboards on the demo data', () => {
  let metaDir: string;
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let problems: string[];

  const api = async <T,>(path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const res = await page.request.fetch(`${server.url}${path}`, body === undefined ? {} : { method: 'POST', data: body });
    return { status: res.status(), json: (await res.json()) as T };
  };

  beforeAll(async () => {
    metaDir = metadataCopy();
    server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, METADATA_DIR: metaDir }, timeoutMs: 240_000 });
    browser = await launchBrowser();
    ({ page, problems } = await openWatchedPage(browser.context));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughPage(page, server.url, 'admin', adminPassword);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (metaDir) rmSync(metaDir, { recursive: true, force: true });
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
    const junkCode = (JSON.parse(readFileSync(join(metaDir, 'schemas/codes/email_status.json'), 'utf8')) as { oneOf: Array<{ const: number; 'x-key': string }> }).oneOf.find((e) => e['x-key'] === 'junk')!.const;
    const refused = await api<{ message: string }>('/api/emails', { type: 'update', payload: [{ muid, deleted: junkCode }] });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(changedRefusal);
    expect(problems).toEqual([]);
  });
});
