/**
 * Raw Chrome traces of one of the editor bench's interactions, with style-invalidation tracking and
 * the JavaScript stack of every forced style or layout, written as files DevTools opens (issue 27
 * item 11: what invalidates the page, what reads layout). Not part of `npm run bench`:
 *
 *   npx tsx bench/editorInteractionTrace.ts "save a promotion" <out dir> [--dist dir] [--runs 3]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { startServer } from '../tests/server/helpers/startServer';
import { readTrace, TRACE_CATEGORIES } from './traceSummary';
import { adminPassword, instrument, interactions, openProduct, pickProduct, serveClientFrom, setMeasureProbe, signInToken } from './editorInteractions';

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv.splice(i, 2)[1] : undefined;
};
const dist = flag('--dist');
const runs = Number(flag('--runs') ?? 3);
const [figure, outDir] = argv;
const ix = interactions.find((x) => x.figure === figure);
if (!ix || !outDir) throw new Error(`usage: editorInteractionTrace.ts <${interactions.map((x) => x.figure).join(' | ')}> <out dir> [--dist dir] [--runs n]`);
const categories = [
  TRACE_CATEGORIES,
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'disabled-by-default-devtools.timeline.stack',
].join(',');

mkdirSync(outDir, { recursive: true });
const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '0', DEMO_PDFS: '0' }, dataDir: process.env.PROFILE_DATA_DIR, timeoutMs: 600_000 });
const browser = await launchBrowser();
try {
  const productId = await pickProduct(server, await signInToken(server));
  const signIn = await browser.context.newPage();
  await signInThroughPage(signIn, server.url, 'admin', adminPassword);
  await signIn.close();
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript({ content: `globalThis.__name ??= (f) => f; (${instrument.toString()})();` });
  if (dist) await serveClientFrom(page, dist);
  await openProduct(page, server, productId);
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i <= runs; i++) {
    setMeasureProbe(
      i === 0
        ? undefined
        : {
            before: async () => void (await cdp.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' })),
            after: async () => writeFileSync(join(outDir, `run${i}.json`), JSON.stringify({ traceEvents: await readTrace(cdp) })),
          },
    );
    const m = await ix.run(page, i);
    console.log(`run ${i}: ${m.ms.toFixed(0)} ms`);
  }
} finally {
  setMeasureProbe(undefined);
  await browser.close();
  await server.stop();
}
