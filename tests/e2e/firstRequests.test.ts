import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, type TestBrowser } from './helpers/browser';
import { signInThroughPage } from './helpers/signIn';

// Issue 31 item 7 (first load): index.html's inline script sends the first screen's requests
// before any module ran; the app takes their answers instead of asking again.

interface SentRequest {
  path: string;
  /** The script that sent it: the page itself (the inline script) or an asset. */
  by: string;
}

/** Every /api/ request the page sends, with the script that sent it (CDP's initiator stack). */
function recordApiRequests(cdp: CDPSession, origin: string): SentRequest[] {
  const sent: SentRequest[] = [];
  cdp.on('Network.requestWillBeSent', (e: { request: { url: string; method: string }; initiator: { stack?: { callFrames: Array<{ url: string }> } } }) => {
    const url = new URL(e.request.url);
    if (url.origin !== origin || !url.pathname.startsWith('/api/')) return;
    sent.push({ path: `${e.request.method} ${url.pathname}`, by: new URL(e.initiator.stack?.callFrames.at(-1)?.url || 'about:blank').pathname });
  });
  return sent;
}

describe('the first requests (index.html inline script)', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    const signIn = await browser.context.newPage();
    await signInThroughPage(signIn, server.url);
    await signIn.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function coldLoad(path: string): Promise<{ page: Page; sent: SentRequest[] }> {
    const page = await browser.context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const sent = recordApiRequests(cdp, server.url);
    await page.goto(`${server.url}${path}`);
    return { page, sent };
  }

  it.each([
    ['/', ['GET /api/auth/permissions', 'GET /api/metadata', 'GET /api/emails/raw-data', 'POST /api/emails/search']],
    // Another tab, page size and country: the URL's list state (issue 28 item 1), its states list too.
    ['/?dashboard=glacier&size=20&country=CA', ['GET /api/auth/permissions', 'GET /api/metadata', 'GET /api/emails/raw-data', 'POST /api/emails/search', 'GET /api/emails/states/CA']],
  ])('a cold load of %s sends its first requests from the page, once each, and shows that list', async (path, first) => {
    const { page, sent } = await coldLoad(path);
    const list = page.getByRole('region', { name: 'Emails' });
    if (path === '/') await expect.poll(() => list.locator('.dashboard-cell--id').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    else await expect.poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard' }).isVisible(), { timeout: 20_000 }).toBe(true);
    // The screen is drawn from the boot's answers: the list's own hooks asked no second time.
    await expect.poll(() => sent.filter((r) => r.path === 'POST /api/emails/search').length).toBe(1);
    const bySelf = sent.filter((r) => r.by === new URL(page.url()).pathname).map((r) => r.path);
    expect(bySelf).toEqual(first);
    for (const path of first) expect(sent.filter((r) => r.path === path), path).toHaveLength(1);
    await page.close();
  });
});
