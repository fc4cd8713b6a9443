/**
 * Raw Chrome traces of one of the editor bench's interactions, with style-invalidation tracking and
 * the JavaScript stack of every forced style or layout, written as files DevTools opens (issue 27
 * item 11: what invalidates the page, what reads layout). Not part of `npm run bench`:
 *
 *   npx tsx bench/editorInteractionTrace.ts "save a promotion" <out dir> [--dist dir] [--runs 3]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTrace, TRACE_CATEGORIES } from './traceSummary';
import { interactions, setMeasureProbe } from './editorInteractions';
import { openProfiledEditor, toolArgs } from './openProfiledEditor';

const { argv, flag } = toolArgs();
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
const { page, close } = await openProfiledEditor({ dist });
try {
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
  await close();
}
