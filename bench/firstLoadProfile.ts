/**
 * Where a cold load of a portal page spends its time (issue 17, first load): one throttled cold
 * load, as the first-load bench loads and checks it (bench/firstLoad.ts coldLoad: no harness script in
 * the page, which Playwright's waits put there), under a Chrome trace, then a summary: the requests (start, end, bytes) and the main thread's long tasks and the scripts they
 * ran, relative to navigation. Not part of `npm run bench`; run it by hand:
 *
 *   npx vite build --logLevel warn
 *   npx tsx bench/firstLoadProfile.ts [path=/] [--url http://127.0.0.1:8080] [--trace out.json]
 *
 * Without --url it starts a server on a fresh data directory (PROFILE_DATA_DIR reuses one).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { startServer } from '../tests/server/helpers/startServer';
import { coldLoad, throttled } from './firstLoad';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; [k: string]: unknown };
}

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv.splice(i, 2)[1] : undefined;
};
const given = flag('--url');
const traceOut = flag('--trace');
const cpuProfileOut = flag('--cpuprofile');
const cpu = Number(flag('--cpu') ?? 4);
const path = argv[0] ?? '/';
const password = 'first-load-bench-password';

async function traced(page: Page, load: () => Promise<unknown>) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; timestamp: number }) => requests.set(e.requestId, { url: e.request.url, start: e.timestamp }));
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel'] },
  });
  // The sampling profiler slows the page down: only when asked for (--cpuprofile).
  if (cpuProfileOut) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const start = Date.now();
  await load();
  const ms = Date.now() - start;
  if (cpuProfileOut) writeFileSync(cpuProfileOut, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return { ms, events, requests: [...requests.values()] };
}

function summarise(ms: number, events: TraceEvent[], requests: Array<{ url: string; start: number; end?: number; bytes?: number }>) {
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
  // The renderer main thread that worked most (the portal page, not about:blank).
  const busyOf = (t: TraceEvent) => events.filter((x) => x.pid === t.pid && x.tid === t.tid && x.name === 'RunTask').reduce((a, x) => a + (x.dur ?? 0), 0);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((t) => ({ t, busy: busyOf(t) }))
    .sort((a, b) => b.busy - a.busy)[0]?.t;
  // Time zero: the document request (CDP network time, in s, is the trace clock in µs).
  const first = requests.length ? Math.min(...requests.map((r) => r.start)) * 1e6 : (nav?.ts ?? 0);
  const t0 = first / 1000;
  const rel = (us: number) => Math.round(us / 1000 - t0);
  console.log(`cold load to ready: ${ms} ms (wall, from goto)`);
  // CDP network timestamps and trace timestamps share Chromium's monotonic clock (s vs µs).
  const reqT0 = t0 / 1000;
  console.log('\nrequests (ms from navigationStart):');
  for (const r of requests.sort((a, b) => a.start - b.start)) {
    const name = r.url.replace(/^https?:\/\/[^/]+/, '');
    console.log(`  ${String(Math.round((r.start - reqT0) * 1000)).padStart(5)} → ${String(r.end ? Math.round((r.end - reqT0) * 1000) : '?').padStart(5)}  ${String(((r.bytes ?? 0) / 1024).toFixed(1)).padStart(7)} KB  ${name}`);
  }
  if (!main) return console.log('no renderer main thread found in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const seen = new Set<number>();
  const tasks = onMain.filter((e) => e.name === 'RunTask' && !seen.has(e.ts) && seen.add(e.ts) && e.ts / 1000 >= t0);
  console.log(`\nmain-thread tasks over 15 ms (of ${tasks.length}):`);
  let busy = 0;
  for (const t of tasks) {
    busy += (t.dur ?? 0) / 1000;
    if ((t.dur ?? 0) < 15_000) continue;
    const inside = onMain
      .filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.dur ?? 0) >= 3000)
      .filter((e) => ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.compile', 'ParseAuthorStyleSheet', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.run', 'V8.GCScavenger', 'MajorGC', 'MinorGC', 'CompileScript', 'ResourceReceivedData', 'HitTest'].includes(e.name))
      .map((e) => {
        const d = e.args?.data ?? {};
        const what = String(d.url ?? d.functionName ?? d.type ?? d.styleSheetUrl ?? '').replace(/^https?:\/\/[^/]+/, '');
        return `${e.name}${what ? `(${what})` : ''} ${Math.round((e.dur ?? 0) / 1000)}`;
      });
    console.log(`  ${String(rel(t.ts)).padStart(5)} +${String(Math.round((t.dur ?? 0) / 1000)).padStart(4)} ms  ${inside.slice(0, 8).join(' · ')}`);
  }
  console.log(`main thread busy in tasks: ${Math.round(busy)} ms`);
  for (const name of ['firstContentfulPaint', 'firstMeaningfulPaint', 'largestContentfulPaint::Candidate', 'domContentLoadedEventEnd', 'loadEventEnd']) {
    const e = events.find((x) => x.name === name && x.pid === main.pid && x.ts / 1000 >= t0);
    if (e) console.log(`${name}: ${rel(e.ts)} ms`);
  }
}

async function main() {
  const server = given ? null : await startServer({ env: { PORTAL_ADMIN_PASSWORD: password, DEMO_EMAILS: '40' }, dataDir: process.env.PROFILE_DATA_DIR, timeoutMs: 600_000 });
  const base = given ?? server!.url;
  const browser = await launchBrowser();
  try {
    const signIn = await browser.context.newPage();
    await signInThroughPage(signIn, base, 'admin', process.env.PROFILE_PASSWORD ?? password);
    await signIn.close();
    const page = await browser.context.newPage();
    // The bench's own load and check (no harness script in the page); its CPU rate, our network.
    const check = path.startsWith('/addproduct') ? 'editor' : 'list';
    const { ms, events, requests } = await traced(page, () => coldLoad(page, `${base}${path}`, { ...throttled, cpu }, check));
    if (traceOut) writeFileSync(traceOut, JSON.stringify({ traceEvents: events, requests }));
    summarise(ms, events, requests);
  } finally {
    await browser.close();
    await server?.stop();
  }
}

const from = flag('--from');
if (from) {
  const saved = JSON.parse(readFileSync(from, 'utf8')) as { traceEvents: TraceEvent[]; requests?: Array<{ url: string; start: number; end?: number; bytes?: number }> };
  summarise(0, saved.traceEvents, saved.requests ?? []);
} else await main();
