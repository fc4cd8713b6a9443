/**
 * Where a keystroke in the forward editor's body goes (issue 28 item 10): the page of
 * `npm run bench -- forward` (the largest HTML email of the corpus, unminified so functions are
 * named), keystrokes typed in the middle of the body at 4x CPU under a Chrome trace, then the main
 * thread's self time per keystroke by trace event (script, style, layout, paint). Not part of
 * `npm run bench`; run it by hand:
 *
 *   npx tsx bench/forwardProfile.ts [--keys 30] [--out trace.json]
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { sanitizeForward } from '../src/server/forward/sanitizeForward';
import { chromiumPath, quantile, serve } from './editor';
import { buildForwardPage, corpusHtml } from './forward';
import { openForwardBenchPage } from './openForwardBenchPage';
import { readTrace, summariseTraces, TRACE_CATEGORIES } from './traceSummary';
import { typeKey } from './editorPage/typeKey';

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const keys = Number(flag('--keys') ?? 30);
const out = flag('--out');

const emails = await corpusHtml();
const biggest = emails.reduce((a, b) => (b.html.length > a.html.length ? b : a));
const outDir = await mkdtemp(join(tmpdir(), 'forward-profile-'));
await buildForwardPage(sanitizeForward(biggest.html), outDir, false);
const server = await serve(outDir);
const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
try {
  const address = server.address();
  const page = await openForwardBenchPage(browser, typeof address === 'object' && address ? address.port : 0);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let i = 0; i < 5; i++) {
    await typeKey(page, 'q');
  }
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
  const paints: number[] = [];
  for (let i = 0; i < keys; i++) {
    const s = await typeKey(page, 'abcdefghijklmnopqrstuvwxyz'[i % 26]!);
    if (s) paints.push(s.paint);
  }
  const events = await readTrace(cdp);
  console.log(`${biggest.file}: keystroke-to-paint p75 ${quantile(paints, 0.75).toFixed(1)} ms, median ${quantile(paints, 0.5).toFixed(1)} ms over ${paints.length} (traced, so slower than the bench)`);
  // One trace over all keystrokes: the per-run figures are per keystroke.
  summariseTraces(Array.from({ length: keys }, (_x, i) => (i === 0 ? events : [])));
  if (out) writeFileSync(out, JSON.stringify({ traceEvents: events }));
} finally {
  await browser.close();
  await new Promise<void>((r) => server.close(() => r()));
  await rm(outDir, { recursive: true, force: true });
}
