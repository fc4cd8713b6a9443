/**
 * A/B cold loads of `/` on two running portals (e.g. a build of main and this branch), alternating
 * A and B so both see the same machine load (issue 17: on a shared, loaded machine two bench runs
 * minutes apart are not comparable). Same measure as the first-load bench (rows shown and a click
 * on a subject handled, 4x CPU, 10 Mbit/s, 40 ms). Run by hand:
 *
 *   npx tsx bench/firstLoadCompare.ts http://127.0.0.1:8080 http://127.0.0.1:8081 [pairs=5]
 *
 * Both portals need an admin whose password is PROFILE_PASSWORD (default: the bench's).
 * CPU=1 also traces each load and compares the page's main-thread CPU time (trace `tdur`, the
 * thread's own time) up to the click handled, which a loaded machine disturbs less than wall time.
 * Under CDP's 4x throttling that time grows with the wall time (~1,000-1,800 ms a load under load
 * 5-10, against ~310 ms unthrottled): UNTHROTTLED=1 CPU=1 compares the work itself.
 */
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { coldLoad, throttled, unthrottled } from './firstLoad';
import { readTrace, type TraceEvent } from './traceSummary';

const [a, b, pairsArg] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: firstLoadCompare.ts <url A> <url B> [pairs]');
const pairs = Number(pairsArg ?? 5);
const profile = process.env.UNTHROTTLED ? unthrottled : throttled;
// COMPARE_PATH=/addproduct compares the editor's cold load (until its first section is drawn).
const path = process.env.COMPARE_PATH ?? '/';
const check = path.startsWith('/addproduct') ? 'editor' : 'list';
const password = process.env.PROFILE_PASSWORD ?? 'first-load-bench-password';
const traceCpu = process.env.CPU === '1';

/**
 * Thread time (ms) of the busiest renderer main thread's top-level tasks in a trace, up to the task
 * that handled the click (the page's `portal-bench-usable` mark; the editor the click opens is not
 * the first load's), or the whole trace where there is no mark (/addproduct).
 */
// The scheduler's task under `toplevel` alone; the timeline's under its categories.
const taskNames = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

function mainThreadCpu(events: Array<TraceEvent & { tdur?: number }>): number {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && taskNames.has(e.name)).sort((x, y) => x.ts - y.ts);
  const usable = events.find((e) => e.name === 'portal-bench-usable')?.ts ?? Infinity;
  const sums = mains.map((m) => {
    let end = -Infinity;
    let sum = 0;
    // Only outermost tasks: a nested run loop's tasks are inside their parent's time.
    for (const t of tasksOf(m)) {
      if (t.ts > usable) break;
      if (t.ts < end) continue;
      end = t.ts + (t.dur ?? 0);
      sum += t.tdur ?? 0;
    }
    return sum / 1000;
  });
  return Math.max(0, ...sums);
}

// One browser per portal: cookies are per host, not per port.
const browsers = { [a]: await launchBrowser(), [b]: await launchBrowser() };
try {
  for (const url of [a, b]) {
    const page = await browsers[url].context.newPage();
    await signInThroughPage(page, url, 'admin', password);
    await page.close();
  }
  const ms: Record<string, number[]> = { [a]: [], [b]: [] };
  const cpu: Record<string, number[]> = { [a]: [], [b]: [] };
  // When the page's first API request left (ms after goto): the boot's part of the load.
  const firstApi: Record<string, number[]> = { [a]: [], [b]: [] };
  // When a dashboard's list request (the email search) left: the boot's requests in a row.
  const listAt: Record<string, number[]> = { [a]: [], [b]: [] };
  for (let i = 0; i < pairs; i++) {
    for (const url of i % 2 ? [b, a] : [a, b]) {
      const page = await browsers[url].context.newPage();
      let apiAt = NaN;
      let searchAt = NaN;
      page.on('request', (r) => {
        const at = new URL(r.url()).pathname;
        if (Number.isNaN(apiAt) && at.startsWith('/api/')) apiAt = Date.now();
        if (Number.isNaN(searchAt) && at === '/api/emails/search') searchAt = Date.now();
      });
      const tracer = traceCpu ? await page.context().newCDPSession(page) : undefined;
      // Top-level tasks and the page's marks only: the timeline's categories add tracing work to the measured page.
      await tracer?.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReturnAsStream' });
      const goto = Date.now();
      const { ms: t, bytes } = await coldLoad(page, `${url}${path}`, profile, check);
      if (tracer) cpu[url].push(Math.round(mainThreadCpu(await readTrace(tracer))));
      await page.close();
      ms[url].push(t);
      firstApi[url].push(apiAt - goto);
      listAt[url].push(searchAt - goto);
      console.log(`${url}: ${t} ms, first API request at ${apiAt - goto} ms, list request at ${searchAt - goto} ms, ${(bytes / 1024).toFixed(0)} KB${traceCpu ? `, main thread ${cpu[url].at(-1)} ms CPU` : ''}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const url of [a, b]) console.log(`${url}: median ${median(ms[url])} ms of ${ms[url].join(', ')}; first API request median ${median(firstApi[url])} ms, list request median ${median(listAt[url])} ms`);
  // Each pair ran back to back, so its ratio cancels most of the machine's load at that moment.
  const ratios = ms[a].map((t, i) => ms[b][i] / t);
  console.log(`B/A per pair: median ${median(ratios).toFixed(3)} of ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  if (traceCpu) {
    for (const url of [a, b]) console.log(`${url}: main-thread CPU median ${median(cpu[url])} ms of ${cpu[url].join(', ')}`);
    const cpuRatios = cpu[a].map((t, i) => cpu[b][i] / t);
    console.log(`main-thread CPU B/A per pair: median ${median(cpuRatios).toFixed(3)} of ${cpuRatios.map((r) => r.toFixed(2)).join(', ')}`);
  }
  const apiRatios = firstApi[a].map((t, i) => firstApi[b][i] / t);
  console.log(`first API request B/A per pair: median ${median(apiRatios).toFixed(3)} of ${apiRatios.map((r) => r.toFixed(2)).join(', ')}`);
  // The list request's delay after the first API request: what waiting for other answers costs.
  const gaps = (url: string) => listAt[url].map((t, i) => t - firstApi[url][i]);
  if (path === '/') console.log(`list request after the first API request: A median ${median(gaps(a))} ms, B median ${median(gaps(b))} ms`);
} finally {
  for (const browser of Object.values(browsers)) await browser.close();
}
