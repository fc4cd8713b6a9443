/**
 * Interleaved A/B of client builds by the CPU time each spends on one of the editor bench's
 * interactions (issue 27 item 11): every measured repetition runs under a Chrome trace, and the
 * renderer main thread's thread time (trace `tdur`, not wall time) from the first input event on is
 * summed by kind (script, style, layout, pre-paint, paint, commit, ...), with the compositor and
 * raster threads as `other`. Thread time is what the build costs, whatever else the host runs, so a
 * loaded machine compares builds better by it than by wall time. Not part of `npm run bench`:
 *
 *   npx tsx bench/editorInteractionCpu.ts "add sector chain" <dist A | own> <dist B> [RUNS=6] [PROFILE_DATA_DIR=...]
 *
 * `own` is the server's own dist. Prints per build the wall times and the medians by kind, then the
 * ratio of the main thread's medians (A/B) and each pair's, for `main` (everything from 20 ms before
 * the input to the end of the trace, 400 ms of quiet included) and `timed` (the main thread's work
 * starting inside the bench's timed window, from the input event to its measured end: without the
 * quiet tail's timers and the driver's polling, which a build does not change).
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { startServer } from '../tests/server/helpers/startServer';
import { readTrace, TRACE_CATEGORIES, type TraceEvent } from './traceSummary';
import { adminPassword, instrument, interactions, openProduct, pickProduct, serveClientFrom, setMeasureProbe, signInToken } from './editorInteractions';
type E = TraceEvent & { tdur?: number; args?: TraceEvent['args'] & { name?: string; data?: { type?: string } } };
const [figure, ...dists] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 6);
const ix = interactions.find((x) => x.figure === figure);
if (!ix || !dists.length) throw new Error(`usage: editorInteractionCpu.ts <${interactions.map((x) => x.figure).join(' | ')}> <dist | own>...`);
const groups: Record<string, string> = { FunctionCall: 'script', EvaluateScript: 'script', 'v8.callFunction': 'script', RunMicrotasks: 'script', TimerFire: 'script', FireAnimationFrame: 'script', EventDispatch: 'script', UpdateLayoutTree: 'style', 'Document::recalcStyle': 'style', Layout: 'layout', 'LocalFrameView::performLayout': 'layout', PrePaint: 'prepaint', Paint: 'paint', 'PaintArtifactCompositor::Update': 'layerize', Commit: 'commit', Layerize: 'commit', HitTest: 'hittest', MajorGC: 'gc', MinorGC: 'gc', 'V8.GC_SCAVENGER_SCAVENGE_PARALLEL': 'gc' };
function analyse(events: E[], measuredMs: number) {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, E[]>();
  for (const e of events) if (e.ph === 'X' && e.dur !== undefined) { const k = `${e.pid}:${e.tid}`; (byThread.get(k) ?? byThread.set(k, []).get(k)!).push(e); }
  let main: E[] = [];
  for (const [k, es] of byThread) if (names.get(k) === 'CrRendererMain' && es.length > main.length) main = es;
  main.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const first = main.find((e) => e.name === 'EventDispatch' && /pointerdown|mousedown|keydown|input|change/.test(e.args?.data?.type ?? ''));
  const t0 = first?.ts ?? main[0]!.ts;
  const out: Record<string, number> = {};
  // self CPU per group, from t0 on
  const stack: { e: E; kids: number; group: string }[] = [];
  const close = (until: number) => { while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) { const top = stack.pop()!; const self = ((top.e.tdur ?? 0) - top.kids) / 1000; if (top.e.ts >= t0 - 20_000) out[top.group] = (out[top.group] ?? 0) + self; if (top.e.ts >= t0 && top.e.ts <= t0 + measuredMs * 1000) out.timed = (out.timed ?? 0) + self; if (stack.length) stack.at(-1)!.kids += top.e.tdur ?? 0; } };
  for (const e of main) { close(e.ts); const parent = stack.at(-1)?.group; const g = groups[e.name] ?? (parent && parent !== 'task' ? parent : 'task'); stack.push({ e, kids: 0, group: g }); }
  close(Infinity);
  let total = 0; for (const [k, v] of Object.entries(out)) if (k !== 'timed') total += v;
  out.main = total;
  for (const [k, es] of byThread) { const n = names.get(k) ?? ''; if (/Compositor|Raster|TileWorker/.test(n) && !/Main/.test(n)) { let s = 0; for (const e of es) if (e.ts >= t0 - 20_000 && /RunTask|ThreadControllerImpl::RunTask/.test(e.name)) s += (e.tdur ?? 0) / 1000; out.other = (out.other ?? 0) + s; } }
  return out;
}
const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '0', DEMO_PDFS: '0' }, dataDir: process.env.PROFILE_DATA_DIR, timeoutMs: 600_000 });
const browser = await launchBrowser();
try {
  const id = await pickProduct(server, await signInToken(server));
  const s = await browser.context.newPage(); await signInThroughPage(s, server.url, 'admin', adminPassword); await s.close();
  const pages: { page: Page; cdp: CDPSession; res: Record<string, number>[]; ms: number[] }[] = [];
  for (const d of dists) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript({ content: `globalThis.__name ??= (f) => f; (${instrument.toString()})();` });
    if (d !== 'own') await serveClientFrom(page, d!);
    await openProduct(page, server, id);
    pages.push({ page, cdp: await page.context().newCDPSession(page), res: [], ms: [] });
  }
  // Each repetition's order alternates: in an A/A run of one build against a copy of it, the page
  // timed second in every pair spent less (channel switch: layout 33 -> 19 ms, main 171 -> 160).
  for (let i = 0; i <= runs; i++) for (const p of i % 2 ? [...pages].reverse() : pages) {
    await p.page.bringToFront();
    let got: TraceEvent[] = [];
    setMeasureProbe(i === 0 ? undefined : { before: async () => void (await p.cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' })), after: async () => void (got = await readTrace(p.cdp)) });
    const m = await ix.run(p.page, i);
    if (i > 0) { p.res.push(analyse(got as E[], m.ms)); p.ms.push(m.ms); }
  }
  const med = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? 0; };
  const keys = [...new Set(pages.flatMap((p) => p.res.flatMap((r) => Object.keys(r))))].sort();
  for (const [j, p] of pages.entries()) console.log(`${dists[j]}: wall ${p.ms.map((x) => x.toFixed(0)).join(',')} | CPU ms median: ${keys.map((k) => `${k} ${med(p.res.map((r) => r[k] ?? 0)).toFixed(1)}`).join(', ')}`);
  if (pages.length === 2)
    for (const k of ['main', 'timed'])
      console.log(`ratio ${k} CPU ${dists[0]}/${dists[1]}: ${(med(pages[0]!.res.map((r) => r[k] ?? 0)) / med(pages[1]!.res.map((r) => r[k] ?? 0))).toFixed(3)}; pairwise: ${pages[0]!.res.map((r, i) => ((r[k] ?? 0) / (pages[1]!.res[i]![k] ?? 1)).toFixed(2)).join(',')}`);
} finally { setMeasureProbe(undefined); await browser.close(); await server.stop(); }
