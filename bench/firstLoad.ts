import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../src/server/paths';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { startServer } from '../tests/server/helpers/startServer';
import type { Bench, BenchRow } from './BenchRow';

const adminPassword = 'first-load-bench-password';
/**
 * Cold loads per figure (median reported, every sample in the detail). FIRST_LOAD_RUNS overrides.
 * Five, not three: on a quiet machine three loads of `/` spread 1,258-2,068 ms, so one slow load
 * moved the median by a sixth of the budget.
 */
const runs = Number(process.env.FIRST_LOAD_RUNS ?? 5);
/** Issue 31 item 7: throttled cold loads, `/` usable and the editor's first section drawn. */
const budgets = { list: 1000, editor: 1500 };

interface Profile {
  label: string;
  cpu: number;
  /** bits per second; 0 = unthrottled */
  bps: number;
  latencyMs: number;
}
export const throttled: Profile = { label: '4x CPU, 10 Mbit/s, 40 ms', cpu: 4, bps: 10_000_000, latencyMs: 40 };
export const unthrottled: Profile = { label: 'unthrottled', cpu: 1, bps: 0, latencyMs: 0 };

/**
 * One cold load (cache off) of `path` until `ready` resolves: milliseconds and bytes on the wire.
 * `ready` may resolve to the wall-clock time (Date.now(), the page's clock is the machine's) at
 * which the page became usable, when that is earlier than the moment the check ended.
 */
export async function coldLoad(page: Page, url: string, profile: Profile, ready: (p: Page, usable: () => void) => Promise<unknown>): Promise<{ ms: number; bytes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.bps ? profile.bps / 8 : -1,
    uploadThroughput: profile.bps ? profile.bps / 8 : -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  let bytes = 0;
  let counting = true;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    if (counting) bytes += e.encodedDataLength;
  });
  const start = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  // `usable` stops the byte count: what loads after it (the screen a click opens) is not the first load's.
  const usableAt = await ready(page, () => (counting = false));
  const ms = (typeof usableAt === 'number' ? usableAt : Date.now()) - start;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { ms, bytes };
}

/**
 * In the page: the time (Date.now()) at which a click on an email subject reached the window with
 * its default prevented, i.e. the app's own handler ran (a page without handlers would follow the
 * link instead). Bubbling listener on window: it runs after React's listener on the root.
 */
export const recordSubjectClick = () => {
  window.addEventListener('click', (e) => {
    const w = window as unknown as { portalBenchClickHandled?: number };
    if (e.defaultPrevented && e.target instanceof Element && e.target.closest('.dashboard-cell--subject') && !w.portalBenchClickHandled) w.portalBenchClickHandled = Date.now();
  });
};

/**
 * `/` is usable when the rows are on screen AND the list answers: a click on the first subject is
 * handled by the app (it prevents the link's own navigation and opens the email in-app). The figure
 * ends when the app handled that click, which is never before the rows showed. The page must have
 * `recordSubjectClick` as an init script.
 */
export async function listReady(p: Page, usable: () => void = () => undefined): Promise<number> {
  const subject = p.locator('.dashboard-cell--subject a').first();
  await subject.waitFor({ timeout: 60_000 });
  usable();
  await subject.click({ noWaitAfter: true, timeout: 60_000 });
  const handled = await p.waitForFunction(() => (window as unknown as { portalBenchClickHandled?: number }).portalBenchClickHandled, undefined, { timeout: 60_000 });
  const at = (await handled.jsonValue()) as number;
  await p.waitForURL((u) => u.pathname.startsWith('/emailEditor/'), { timeout: 60_000 });
  return at;
}

export const editorReady = async (p: Page, usable: () => void = () => undefined) => {
  await p.locator('section[data-block]').first().waitFor({ timeout: 60_000 });
  usable();
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Issue 17 item 1: cold loads in headless Chromium (cache disabled, CDP throttling) of `/` until the
 * email list is usable, and of `/addproduct` until the editor's first section is drawn; both
 * throttled figures have budgets (issue 31 item 7).
 * Needs the built client (`npm run build`).
 */
async function benchFirstLoad(): Promise<BenchRow[]> {
  if (!existsSync(join(projectRoot, 'dist', 'index.html'))) throw new Error('the client is not built: run `npm run build` first');
  const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '40' }, timeoutMs: 600_000 });
  const browser = await launchBrowser();
  try {
    const signIn = await browser.context.newPage();
    await signInThroughPage(signIn, server.url, 'admin', adminPassword);
    await signIn.close();
    const cases = [
      { figure: 'first load: / usable list, 4x CPU, 10 Mbit/s, 40 ms', path: '/', profile: throttled, ready: listReady, budgetMs: budgets.list },
      { figure: 'first load: / usable list, unthrottled', path: '/', profile: unthrottled, ready: listReady, budgetMs: undefined },
      { figure: 'first load: /addproduct editor, 4x CPU, 10 Mbit/s, 40 ms', path: '/addproduct', profile: throttled, ready: editorReady, budgetMs: budgets.editor },
    ];
    const load = async (c: (typeof cases)[number]) => {
      const page = await browser.context.newPage();
      await page.addInitScript(recordSubjectClick);
      const sample = await coldLoad(page, `${server.url}${c.path}`, c.profile, c.ready);
      await page.close();
      return sample;
    };
    // One unmeasured load per path first: the first load after the server started pays for its
    // cold start (route handlers compiled, the metadata answer built, database pages and assets read
    // from disk), which no user's load repeats; it was the slowest sample of both throttled figures
    // (2,068 and 2,059 ms against 1,258-1,787 ms). Its time stays in the detail.
    const warmUp = new Map<string, number>();
    for (const c of cases) if (!warmUp.has(c.path)) warmUp.set(c.path, (await load(c)).ms);
    // Rounds interleave the figures, so a change in the machine's load during the run spreads over
    // all of them instead of landing on one figure's samples.
    const samples = cases.map(() => [] as Array<{ ms: number; bytes: number }>);
    for (let i = 0; i < runs; i++) {
      for (const [k, c] of cases.entries()) samples[k]!.push(await load(c));
    }
    const rows: BenchRow[] = cases.map((c, k) => {
      const ms = median(samples[k]!.map((s) => s.ms));
      const kb = median(samples[k]!.map((s) => s.bytes)) / 1024;
      return {
        figure: c.figure,
        value: ms,
        unit: 'ms',
        budget: c.budgetMs === undefined ? 'report' : `<= ${c.budgetMs}`,
        pass: c.budgetMs === undefined || ms <= c.budgetMs,
        detail: `median of ${runs} cold loads (cache off): ${samples[k]!.map((s) => s.ms).join(', ')} ms (after an unmeasured ${warmUp.get(c.path)} ms first load of ${c.path}); ${kb.toFixed(0)} KB on the wire`,
      };
    });
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const firstLoadBench: Bench = { name: 'first-load', run: benchFirstLoad };
