/**
 * A/B cold loads of `/` on two running portals (e.g. a build of main and this branch), alternating
 * A and B so both see the same machine load (issue 17: on a shared, loaded machine two bench runs
 * minutes apart are not comparable). Same measure as the first-load bench (rows shown and a click
 * on a subject handled, 4x CPU, 10 Mbit/s, 40 ms). Run by hand:
 *
 *   npx tsx bench/firstLoadCompare.ts http://127.0.0.1:8080 http://127.0.0.1:8081 [pairs=5]
 *
 * Both portals need an admin whose password is PROFILE_PASSWORD (default: the bench's).
 */
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { coldLoad, editorReady, listReady, recordSubjectClick, throttled, unthrottled } from './firstLoad';

const [a, b, pairsArg] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: firstLoadCompare.ts <url A> <url B> [pairs]');
const pairs = Number(pairsArg ?? 5);
const profile = process.env.UNTHROTTLED ? unthrottled : throttled;
// COMPARE_PATH=/addproduct compares the editor's cold load (until its first section is drawn).
const path = process.env.COMPARE_PATH ?? '/';
const ready = path.startsWith('/addproduct') ? editorReady : listReady;
const password = process.env.PROFILE_PASSWORD ?? 'first-load-bench-password';

// One browser per portal: cookies are per host, not per port.
const browsers = { [a]: await launchBrowser(), [b]: await launchBrowser() };
try {
  for (const url of [a, b]) {
    const page = await browsers[url].context.newPage();
    await signInThroughPage(page, url, 'admin', password);
    await page.close();
  }
  const ms: Record<string, number[]> = { [a]: [], [b]: [] };
  // When the page's first API request left (ms after goto): the boot's part of the load.
  const firstApi: Record<string, number[]> = { [a]: [], [b]: [] };
  // When a dashboard's list request (the email search) left: the boot's requests in a row.
  const listAt: Record<string, number[]> = { [a]: [], [b]: [] };
  for (let i = 0; i < pairs; i++) {
    for (const url of i % 2 ? [b, a] : [a, b]) {
      const page = await browsers[url].context.newPage();
      await page.addInitScript(recordSubjectClick);
      let apiAt = NaN;
      let searchAt = NaN;
      page.on('request', (r) => {
        const at = new URL(r.url()).pathname;
        if (Number.isNaN(apiAt) && at.startsWith('/api/')) apiAt = Date.now();
        if (Number.isNaN(searchAt) && at === '/api/emails/search') searchAt = Date.now();
      });
      const goto = Date.now();
      const { ms: t, bytes } = await coldLoad(page, `${url}${path}`, profile, ready);
      await page.close();
      ms[url].push(t);
      firstApi[url].push(apiAt - goto);
      listAt[url].push(searchAt - goto);
      console.log(`${url}: ${t} ms, first API request at ${apiAt - goto} ms, list request at ${searchAt - goto} ms, ${(bytes / 1024).toFixed(0)} KB`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const url of [a, b]) console.log(`${url}: median ${median(ms[url])} ms of ${ms[url].join(', ')}; first API request median ${median(firstApi[url])} ms, list request median ${median(listAt[url])} ms`);
  // Each pair ran back to back, so its ratio cancels most of the machine's load at that moment.
  const ratios = ms[a].map((t, i) => ms[b][i] / t);
  console.log(`B/A per pair: median ${median(ratios).toFixed(3)} of ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  const apiRatios = firstApi[a].map((t, i) => firstApi[b][i] / t);
  console.log(`first API request B/A per pair: median ${median(apiRatios).toFixed(3)} of ${apiRatios.map((r) => r.toFixed(2)).join(', ')}`);
  // The list request's delay after the first API request: what waiting for other answers costs.
  const gaps = (url: string) => listAt[url].map((t, i) => t - firstApi[url][i]);
  if (path === '/') console.log(`list request after the first API request: A median ${median(gaps(a))} ms, B median ${median(gaps(b))} ms`);
} finally {
  for (const browser of Object.values(browsers)) await browser.close();
}
