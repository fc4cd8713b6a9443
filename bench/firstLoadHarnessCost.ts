/**
 * What the first-load bench's own check costs a cold load of `/` (issue 31 item 7): on one running
 * portal, loads measured the bench's way (listReady: Playwright waits for the subject link, clicks it,
 * reads when the app handled the click) alternate with loads measured through CDP alone (an init
 * script's MutationObserver reports the subject's position through a binding, CDP Input clicks there,
 * the click handler reports through a binding: no Playwright script in the page). Same throttling and
 * end point (the app's handling of the click). Prints wall time, the page's main-thread CPU up to the
 * click, and the trace events whose self time differs most. Not part of `npm run bench`; by hand:
 *
 *   npx tsx bench/firstLoadHarnessCost.ts http://127.0.0.1:8080 [pairs=6]
 *
 * The portal needs an admin whose password is PROFILE_PASSWORD (default: the bench's).
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { coldLoad, listReady, recordSubjectClick, throttled } from './firstLoad';
import { readTrace, TRACE_CATEGORIES, type TraceEvent } from './traceSummary';

const [url, pairsArg] = process.argv.slice(2);
if (!url) throw new Error('usage: firstLoadHarnessCost.ts <portal url> [pairs]');
const pairs = Number(pairsArg ?? 6);
const password = process.env.PROFILE_PASSWORD ?? 'first-load-bench-password';

type Event = TraceEvent & { tdur?: number; args?: TraceEvent['args'] & { data?: { type?: string; url?: string } } };

/** In the page (a string: it runs before any page script): report the subject's position, then the click's handling. */
const watchSubject = `(() => {
  const check = () => {
    const a = document.querySelector('.dashboard-cell--subject a');
    const r = a && a.getBoundingClientRect();
    if (!r || r.width === 0) return false;
    window.portalSubjectShown(JSON.stringify({ x: r.x + Math.min(r.width / 2, 20), y: r.y + r.height / 2 }));
    return true;
  };
  if (!check()) { const o = new MutationObserver(() => { if (check()) o.disconnect(); }); o.observe(document, { childList: true, subtree: true }); }
  window.addEventListener('click', (e) => {
    if (e.defaultPrevented && e.target instanceof Element && e.target.closest('.dashboard-cell--subject')) window.portalClickHandled(String(Date.now()));
  });
})()`;

/** Arms the CDP-only check on a page before its load; the returned function resolves to when the click was handled. */
async function cdpOnlyReady(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Runtime.enable');
  await cdp.send('Page.enable');
  await cdp.send('Runtime.addBinding', { name: 'portalSubjectShown' });
  await cdp.send('Runtime.addBinding', { name: 'portalClickHandled' });
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: watchSubject });
  let handled: (at: number) => void = () => undefined;
  const handledAt = new Promise<number>((resolve) => (handled = resolve));
  cdp.on('Runtime.bindingCalled', (e: { name: string; payload: string }) => {
    if (e.name === 'portalClickHandled') handled(Number(e.payload));
    if (e.name !== 'portalSubjectShown') return;
    const { x, y } = JSON.parse(e.payload) as { x: number; y: number };
    void cdp
      .send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 })
      .then(() => cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 }));
  });
  return async () => {
    const at = await handledAt;
    await cdp.detach();
    return at;
  };
}

/** The page's main-thread events (the busiest renderer main thread) up to the end of the click's dispatch. */
function untilClick(events: Event[]): Event[] {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const threads = mains.map((m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.dur !== undefined));
  const main = threads.reduce<Event[]>((a, b) => (b.length > a.length ? b : a), []).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const click = main.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  return click ? main.filter((e) => e.ts <= click.ts + click.dur!) : main;
}

/** Thread time (ms) of the outermost tasks, and self thread time per event name (scripts by file). */
function cpuOf(main: Event[]): { total: number; self: Map<string, number> } {
  let total = 0;
  let end = -Infinity;
  for (const t of main) {
    if (t.name !== 'RunTask' || t.ts < end) continue;
    end = t.ts + t.dur!;
    total += (t.tdur ?? 0) / 1000;
  }
  const self = new Map<string, number>();
  const stack: Array<{ e: Event; children: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= until) {
      const { e, children } = stack.pop()!;
      const own = e.tdur ?? e.dur!;
      const script = e.args?.data?.url ? ` ${e.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : '';
      const key = ['FunctionCall', 'EvaluateScript', 'v8.run'].includes(e.name) ? `${e.name}${script}` : e.name;
      self.set(key, (self.get(key) ?? 0) + (own - children) / 1000);
      if (stack.length) stack[stack.length - 1]!.children += own;
    }
  };
  for (const e of main) {
    close(e.ts);
    stack.push({ e, children: 0 });
  }
  close(Infinity);
  return { total, self };
}

const ways = ['playwright', 'cdp-only'] as const;
type Way = (typeof ways)[number];
const wall: Record<Way, number[]> = { playwright: [], 'cdp-only': [] };
const cpu: Record<Way, number[]> = { playwright: [], 'cdp-only': [] };
const self: Record<Way, Map<string, number>> = { playwright: new Map(), 'cdp-only': new Map() };
const browser = await launchBrowser();
try {
  const signIn = await browser.context.newPage();
  await signInThroughPage(signIn, url, 'admin', password);
  await signIn.close();
  for (let i = 0; i < pairs; i++) {
    // Alternating which goes first, so a change in the machine's load spreads over both.
    for (const way of i % 2 ? [...ways].reverse() : ways) {
      const page = await browser.context.newPage();
      await page.addInitScript(recordSubjectClick);
      const tracer = await page.context().newCDPSession(page);
      await tracer.send('Tracing.start', { categories: `${TRACE_CATEGORIES},toplevel`, transferMode: 'ReturnAsStream' });
      const handled = way === 'cdp-only' ? await cdpOnlyReady(page) : undefined;
      const ready = handled ? async (_p: Page, usable: () => void) => ((usable(), await handled())) : listReady;
      const { ms } = await coldLoad(page, `${url}/`, throttled, ready);
      const used = cpuOf(untilClick((await readTrace(tracer)) as Event[]));
      await page.close();
      wall[way].push(ms);
      cpu[way].push(used.total);
      for (const [k, v] of used.self) self[way].set(k, (self[way].get(k) ?? 0) + v);
      console.log(`${way}: ${ms} ms, main thread ${Math.round(used.total)} ms CPU up to the click`);
    }
  }
} finally {
  await browser.close();
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const perPair = (xs: Record<Way, number[]>) => xs.playwright.map((t, i) => Math.round(t - xs['cdp-only'][i]!));
for (const [what, xs] of [['wall', wall], ['main-thread CPU', cpu]] as const) {
  console.log(`${what}: playwright median ${Math.round(median(xs.playwright))} ms, cdp-only ${Math.round(median(xs['cdp-only']))} ms; playwright - cdp-only per pair median ${median(perPair(xs))} ms of ${perPair(xs).join(', ')}`);
}
const names = new Set([...self.playwright.keys(), ...self['cdp-only'].keys()]);
const diffs = [...names].map((n) => ({ n, pw: (self.playwright.get(n) ?? 0) / pairs, cdp: (self['cdp-only'].get(n) ?? 0) / pairs })).sort((a, b) => Math.abs(b.pw - b.cdp) - Math.abs(a.pw - a.cdp));
console.log('self thread time per load up to the click, playwright - cdp-only (mean ms):');
for (const { n, pw, cdp } of diffs.slice(0, 12)) console.log(`  ${(pw - cdp).toFixed(1).padStart(7)}  (${pw.toFixed(1)} vs ${cdp.toFixed(1)})  ${n}`);
