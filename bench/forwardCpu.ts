/**
 * Interleaved A/B of forward-editor builds by the main thread's CPU per keystroke (issue 28 item 10):
 * the page of `npm run bench -- forward` (the largest HTML email of the corpus) built from two trees,
 * both open in one browser, keystrokes typed in the middle of the body in alternating rounds, each
 * round under a Chrome trace. Per keystroke, the renderer main thread's thread time (trace `tdur`, not
 * wall time: what the build costs whatever else the host runs) is summed by kind, over the keystroke's
 * critical path (keydown to the end of the frame's Commit) and over all its work (to the next keydown).
 * Not part of `npm run bench`; `<dist>|<css>` adds a style sheet to a build's page (a CSS experiment), `<dist>|js:<expr>`
 * evaluates an expression in it after the click (a DOM experiment, e.g. attributes set around the caret):
 *
 *   npx tsx bench/forwardCpu.ts build <outDir> [--plain]      the page from this tree (--plain: unminified)
 *   npx tsx bench/forwardCpu.ts <distA> <distB>... [--rounds 4] [--keys 30] [--rate 1] [--trace-dir <dir>] [--untraced]
 *
 * --untraced: keystroke-to-paint only, as `npm run bench -- forward` takes it (round figure: its p75).
 */
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { sanitizeForward } from '../src/server/forward/sanitizeForward';
import { chromiumPath, quantile, serve } from './editor';
import { buildForwardPage, corpusHtml } from './forward';
import { openForwardBenchPage } from './openForwardBenchPage';
import { readTrace, TRACE_CATEGORIES, type TraceEvent } from './traceSummary';
import { typeKey } from './editorPage/typeKey';

type E = TraceEvent & { tdur?: number; args?: TraceEvent['args'] & { data?: { type?: string } } };
const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv.splice(i, 2)[1]! : fallback;
};

const KINDS: Record<string, string> = {
  FunctionCall: 'script', EvaluateScript: 'script', 'v8.callFunction': 'script', RunMicrotasks: 'script', TimerFire: 'script',
  FireAnimationFrame: 'script', EventDispatch: 'script', UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'prepaint',
  Paint: 'paint', PaintImage: 'paint', Commit: 'commit', Layerize: 'layerize', UpdateLayer: 'layerize', HitTest: 'hittest',
  'WidgetBase::UpdateTextInputStateInternal': 'textinput', MajorGC: 'gc', MinorGC: 'gc', 'V8.GC_SCAVENGER_SCAVENGE_PARALLEL': 'gc',
};

type Tally = Record<string, number>;

/** Per keystroke in one trace: main-thread self thread time by kind, critical path and all. */
function perKeystroke(events: E[]): Array<{ critical: Tally; all: Tally }> {
  const names = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.dur !== undefined) names.set(`${e.pid}:${e.tid}`, (names.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busiest = mains.reduce<E | undefined>((a, m) => (!a || (names.get(`${m.pid}:${m.tid}`) ?? 0) > (names.get(`${a.pid}:${a.tid}`) ?? 0) ? m : a), undefined);
  if (!busiest) return [];
  const main = events.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const keydowns = main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const out: Array<{ critical: Tally; all: Tally }> = [];
  for (let k = 0; k < keydowns.length; k++) {
    const from = keydowns[k]!.ts;
    const to = keydowns[k + 1]?.ts ?? Infinity;
    const commit = main.find((e) => e.name === 'Commit' && e.ts > from && e.ts < to);
    if (!commit) continue;
    const criticalEnd = commit.ts + commit.dur!;
    const critical: Tally = {};
    const all: Tally = {};
    const stack: { e: E; kids: number; kind: string }[] = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
        const top = stack.pop()!;
        const self = ((top.e.tdur ?? top.e.dur!) - top.kids) / 1000;
        all[top.kind] = (all[top.kind] ?? 0) + self;
        if (top.e.ts < criticalEnd) critical[top.kind] = (critical[top.kind] ?? 0) + self;
        if (stack.length) stack.at(-1)!.kids += top.e.tdur ?? top.e.dur!;
      }
    };
    // A task that began before the keydown (the previous key's tail) is not this keystroke's.
    for (const e of main) {
      if (e.ts < from || e.ts >= to) continue;
      close(e.ts);
      const parent = stack.at(-1)?.kind;
      stack.push({ e, kids: 0, kind: KINDS[e.name] ?? (parent && parent !== 'other' ? parent : 'other') });
    }
    close(Infinity);
    const sum = (t: Tally) => Object.values(t).reduce((a, b) => a + b, 0);
    critical.total = sum(critical);
    all.total = sum(all);
    out.push({ critical, all });
  }
  return out;
}

interface Build {
  dir: string;
  server: Server;
  page: Page;
  cdp: CDPSession;
  keys: Array<{ critical: Tally; all: Tally }>;
  paints: number[];
  roundMedians: number[];
}

if (argv[0] === 'build') {
  const emails = await corpusHtml();
  const biggest = emails.reduce((a, b) => (b.html.length > a.html.length ? b : a));
  await buildForwardPage(sanitizeForward(biggest.html), argv[1]!, !argv.includes('--plain'));
  console.log(`built ${biggest.file} into ${argv[1]}`);
} else {
  const rounds = Number(flag('--rounds', '4'));
  const keys = Number(flag('--keys', '30'));
  const rate = Number(flag('--rate', '1'));
  const traceDir = flag('--trace-dir', '');
  // Keystroke-to-paint only, untraced (as the bench measures it), still interleaved.
  const untraced = argv.includes('--untraced') ? argv.splice(argv.indexOf('--untraced'), 1).length > 0 : false;
  if (!argv.length) throw new Error('usage: forwardCpu.ts <distA> <distB>... [--rounds 4] [--keys 30] [--rate 1]');
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  const builds: Build[] = [];
  try {
    for (const [i, arg] of argv.entries()) {
      // `dir|css` or `dir|js:expr`: the build with a style sheet added or an expression run (an experiment without a build).
      const [dir, css] = arg.split(/\|(.*)/s) as [string, string | undefined];
      // BENCH_PORT and the ports after it (one per build), else any free port.
      const server = await serve(dir, process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + i : 0);
      const address = server.address();
      const page = await openForwardBenchPage(browser, typeof address === 'object' && address ? address.port : 0);
      // After the click: a style that moves the text would otherwise move the target.
      if (css?.startsWith('js:')) console.log(`${arg}: ${String(await page.evaluate(css.slice(3)))}`);
      else if (css) await page.addStyleTag({ content: css });
      builds.push({ dir: arg, server, page, cdp: await page.context().newCDPSession(page), keys: [], paints: [], roundMedians: [] });
    }
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let r = 0; r < rounds; r++) {
      // Alternate which build goes first, so a drift in the host's load favours neither.
      for (const b of r % 2 ? [...builds].reverse() : builds) {
        await b.page.bringToFront();
        await b.cdp.send('Emulation.setCPUThrottlingRate', { rate });
        for (let i = 0; i < 3; i++) {
          await typeKey(b.page, 'q');
        }
        if (!untraced) await b.cdp.send('Tracing.start', { categories: process.env.TRACE_CATEGORIES ?? `${TRACE_CATEGORIES},renderer`, transferMode: 'ReturnAsStream' });
        for (let i = 0; i < keys; i++) {
          const s = await typeKey(b.page, letters[i % letters.length]!);
          if (s) b.paints.push(s.paint);
        }
        const events = untraced ? [] : ((await readTrace(b.cdp)) as E[]);
        await b.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        if (traceDir) writeFileSync(join(traceDir, `trace-${builds.indexOf(b)}-${r}.json`), JSON.stringify({ traceEvents: events }));
        const per = perKeystroke(events);
        b.keys.push(...per);
        b.roundMedians.push(untraced ? quantile(b.paints.slice(-keys), 0.75) : quantile(per.map((k) => k.critical.total!), 0.5));
      }
    }
    const median = (xs: number[]) => quantile(xs, 0.5);
    const kinds = [...new Set(builds.flatMap((b) => b.keys.flatMap((k) => Object.keys(k.all))))].filter((k) => k !== 'total').sort();
    for (const b of builds) {
      console.log(`\n${b.dir}: ${b.paints.length} keystrokes at ${rate}x; keystroke-to-paint${untraced ? '' : ' (traced)'} median ${median(b.paints).toFixed(1)}, p75 ${quantile(b.paints, 0.75).toFixed(1)} ms${untraced ? ` (round p75s ${b.roundMedians.map((x) => x.toFixed(1)).join(' ')})` : ''}`);
      if (untraced) continue;
      console.log(`  critical path total median ${median(b.keys.map((k) => k.critical.total!)).toFixed(2)} ms (round medians ${b.roundMedians.map((x) => x.toFixed(2)).join(' ')}); all work ${median(b.keys.map((k) => k.all.total!)).toFixed(2)} ms`);
      console.log(`  by kind, critical / all (medians): ${kinds.map((kind) => `${kind} ${median(b.keys.map((k) => k.critical[kind] ?? 0)).toFixed(2)}/${median(b.keys.map((k) => k.all[kind] ?? 0)).toFixed(2)}`).join(', ')}`);
    }
    const [a, ...rest] = builds;
    for (const b of rest) {
      const ratios = a!.roundMedians.map((x, i) => b.roundMedians[i]! / x);
      console.log(`\n${b.dir} / ${a!.dir}: ${untraced ? 'keystroke-to-paint p75' : 'critical-path CPU'} per round ${ratios.map((x) => x.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}`);
    }
  } finally {
    await browser.close();
    for (const b of builds) await new Promise<void>((r) => b.server.close(() => r()));
  }
}
