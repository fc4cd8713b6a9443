/**
 * Where one of the editor bench's interactions spends its time (issue 27 item 11): the interaction
 * run as `npm run bench -- editor` runs it (4x CPU, the same demo product), under the CPU profiler
 * for each measured repetition, then the functions with the most self time over all of them and the
 * time per script. Not part of `npm run bench`; run it by hand on a build (an unminified one names
 * the functions: `npx vite build --minify false --outDir /tmp/dist-plain`):
 *
 *   npx tsx bench/editorInteractionProfile.ts "save a promotion" [--dist /tmp/dist-plain] [--runs 5] [--out p.cpuprofile] [--out-dir dir] [--trace]
 *
 * --trace records a Chrome trace of each run instead and lists the main thread's self time by trace
 * event (style recalculation, layout, paint, script), which a CPU profile does not show.
 *
 * Without --dist the server's own `dist` is loaded. PROFILE_DATA_DIR reuses a data directory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { readTrace, summariseTraces, TRACE_CATEGORIES, type CpuProfile, type ProfileNode, type TraceEvent } from './traceSummary';
import { interactions, setMeasureProbe } from './editorInteractions';
import { openProfiledEditor, toolArgs } from './openProfiledEditor';

const { argv, flag } = toolArgs();
const dist = flag('--dist');
const runs = Number(flag('--runs') ?? 5);
const out = flag('--out');
/** --out-dir: every run's trace or profile, `run-<n>.json` (the slow one of a spread is the one to read). */
const outDir = flag('--out-dir');
/** --trace: a Chrome trace per run instead, main-thread self time by event (style, layout, paint, script). */
const trace = argv.includes('--trace') ? (argv.splice(argv.indexOf('--trace'), 1), true) : false;
const figure = argv[0];
const ix = interactions.find((x) => x.figure === figure);
if (!ix) throw new Error(`usage: editorInteractionProfile.ts <${interactions.map((x) => x.figure).join(' | ')}> [--dist dir] [--runs n] [--out file]`);

/** Self time (ms) per function and per script over the profiles. */
function summarise(profiles: CpuProfile[]) {
  const byFn = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const keyOf = (n: ProfileNode) => {
    const f = n.callFrame;
    const file = f.url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js');
    return { file, key: `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}` };
  };
  for (const p of profiles) {
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    p.samples.forEach((id, i) => {
      const n = nodes.get(id)!;
      const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
      const f = n.callFrame;
      if (f.functionName === '(idle)' || f.functionName === '(program)') return;
      const { file, key } = keyOf(n);
      byFn.set(key, (byFn.get(key) ?? 0) + ms);
      byUrl.set(file || f.functionName, (byUrl.get(file || f.functionName) ?? 0) + ms);
      total += ms;
      // Inclusive time of the page's own functions (each counted once per sample).
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const k = keyOf(nodes.get(at)!);
        if (!k.file.startsWith('/assets/') || seen.has(k.key)) continue;
        seen.add(k.key);
        inclusive.set(k.key, (inclusive.get(k.key) ?? 0) + ms);
      }
    });
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`busy (not idle) per run: ${(total / profiles.length).toFixed(1)} ms`);
  console.log('\nself time per run by function:');
  for (const [k, ms] of top(byFn, 45)) console.log(`  ${(ms / profiles.length).toFixed(2).padStart(7)} ms  ${k}`);
  console.log('\ninclusive time per run, the page scripts:');
  for (const [k, ms] of top(inclusive, 400)) console.log(`  ${(ms / profiles.length).toFixed(2).padStart(7)} ms  ${k}`);
  console.log('\nself time per run by script:');
  for (const [k, ms] of top(byUrl, 15)) console.log(`  ${(ms / profiles.length).toFixed(2).padStart(7)} ms  ${k}`);
}

const { page, productId, close } = await openProfiledEditor({ dist });
try {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const profiles: CpuProfile[] = [];
  const traces: TraceEvent[][] = [];
  const ms: number[] = [];
  for (let i = 0; i <= runs; i++) {
    if (trace) setMeasureProbe(i === 0 ? undefined : { before: async () => void (await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' })), after: async () => void traces.push(await readTrace(cdp)) });
    else setMeasureProbe(i === 0 ? undefined : { before: async () => void (await cdp.send('Profiler.start')), after: async () => void profiles.push((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile) });
    const m = await ix.run(page, i);
    if (i > 0) ms.push(m.ms);
  }
  console.log(`${ix.figure} on product ${productId}${dist ? ` (client from ${dist})` : ''}: ${ms.map((x) => x.toFixed(0)).join(', ')} ms (profiled, so slower than the bench)`);
  if (trace) summariseTraces(traces);
  else summarise(profiles);
  if (out) writeFileSync(out, JSON.stringify(trace ? { traceEvents: traces[traces.length - 1] } : profiles[profiles.length - 1]));
  if (outDir) mkdirSync(outDir, { recursive: true });
  if (outDir) (trace ? traces : profiles).forEach((t, i) => writeFileSync(`${outDir}/run-${i + 1}.json`, JSON.stringify(trace ? { traceEvents: t } : t)));
} finally {
  setMeasureProbe(undefined);
  await close();
}
