/**
 * Where a keystroke in the editor bench's page goes (issue 27 item 11): the page `npm run bench -- editor`
 * types into, built unminified, typed into at a CPU throttling rate under the CPU profiler, then the
 * functions with the most self and inclusive time per keystroke. Not part of `npm run bench`:
 *
 *   npx tsx bench/editorKeystrokeProfile.ts [--mode ours|stock] [--rate 4] [--keys 60] [--out p.cpuprofile] [--trace]
 *
 * --trace records a Chrome trace instead and lists the main thread's self time by trace event.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildPage, chromiumPath, loadBenchData, quantile, serve } from './editor';
import { readTrace, summariseTraces, TRACE_CATEGORIES, type CpuProfile, type ProfileNode } from './traceSummary';
import { typeKey } from './editorPage/typeKey';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const mode = flag('--mode', 'ours');
const rate = Number(flag('--rate', '4'));
const keys = Number(flag('--keys', '60'));
const out = argv.includes('--out') ? flag('--out', '') : undefined;
const trace = argv.includes('--trace');
const dist = argv.includes('--dist') ? flag('--dist', '') : undefined;

function summarise(p: CpuProfile, per: number) {
  const byFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^https?:\/\/[^/]+/, '')}:${n.callFrame.lineNumber + 1}`;
  let total = 0;
  p.samples.forEach((id, i) => {
    const n = nodes.get(id)!;
    const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
    if (n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') return;
    total += ms;
    byFn.set(keyOf(n), (byFn.get(keyOf(n)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = keyOf(nodes.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`busy per keystroke: ${(total / per).toFixed(2)} ms`);
  console.log('\nself time per keystroke:');
  for (const [k, ms] of top(byFn, 40)) console.log(`  ${(ms / per).toFixed(3).padStart(7)} ms  ${k}`);
  console.log('\ninclusive time per keystroke:');
  for (const [k, ms] of top(inclusive, 120)) console.log(`  ${(ms / per).toFixed(3).padStart(7)} ms  ${k}`);
}

const data = loadBenchData();
const outDir = dist ?? (await mkdtemp(join(tmpdir(), 'editor-profile-')));
if (!dist) await buildPage(data, outDir, false);
const server = await serve(outDir);
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/?mode=${mode}`);
  await page.waitForFunction(() => window.__benchReady === true);
  const id = mode !== 'stock' ? data.targetPath : `root_${data.targetPath.split('.').join('_')}`;
  const input = page.locator(`[id="${id}"]`);
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  for (let i = 0; i < 8; i++) {
    await typeKey(page, 'x');
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  if (trace) await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
  else await cdp.send('Profiler.start');
  const work: number[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < keys; i++) {
    const s = await typeKey(page, letters[i % 26]!);
    if (s) work.push(s.work);
  }
  console.log(`${mode} at ${rate}x: work median ${quantile(work, 0.5).toFixed(2)} ms, p75 ${quantile(work, 0.75).toFixed(2)} (profiled)`);
  if (trace) summariseTraces([await readTrace(cdp)]);
  else {
    const profile = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
    summarise(profile, keys);
    if (out) writeFileSync(out, JSON.stringify(profile));
  }
} finally {
  await browser.close();
  server.close();
  if (!dist) await rm(outDir, { recursive: true, force: true });
}
