import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Bench, BenchRow } from './BenchRow';
import { openPdf, pageText } from '../src/server/media/pdfPages.mjs';
import { makeThumb, pageImageWidth } from '../src/server/media/pdfJobs';
import { renderPdfInWorker } from '../src/server/media/renderPdfInWorker';
import { makePdf } from '../tests/server/helpers/makePdf';

const PAGES = 50;
const ROUNDS = 5;
/** Page images (with thumbnails) per second for a 50-page PDF: budget on a 2-core machine. */
const IMAGES_BUDGET = 2;
const RATIO_BUDGET = 0.8;

const words = 'cash back rewards points annual fee introductory rate balance transfer purchases travel insurance'.split(' ');
/** A text-heavy page: 45 lines of offer wording. */
const pageLines = (n: number) => [`Offer page ${n} of ${PAGES}`, ...Array.from({ length: 45 }, (_, i) => Array.from({ length: 12 }, (_, j) => words[(n + i * 7 + j * 3) % words.length]).join(' '))];

/** Our text path: the processing job's per-page extraction (pdfPages.pageText) over every page. */
async function ours(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  let chars = 0;
  for (let n = 1; n <= pdf.numPages; n++) chars += (await pageText(pdf, n)).length;
  await pdf.destroy();
  return chars;
}

/** pdfjs-dist alone: getDocument and getTextContent of every page, nothing else. */
async function peer(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  let items = 0;
  for (let n = 1; n <= pdf.numPages; n++) items += (await (await pdf.getPage(n)).getTextContent()).items.length;
  await pdf.destroy();
  return items;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `npm run bench -- media`: page images per second for a 50-page PDF (rendered in the worker as
 * the processing job does, with thumbnails), and text extraction per page next to pdfjs-dist's own
 * text extraction on the same file, measured side by side in alternating rounds.
 */
export const mediaBench: Bench = {
  name: 'media',
  async run(): Promise<BenchRow[]> {
    const bytes = new Uint8Array(await makePdf(Array.from({ length: PAGES }, (_, i) => pageLines(i + 1))));
    // Warm both paths (module load, fonts) before measuring.
    await ours(bytes);
    await peer(bytes);
    const oursMs: number[] = [];
    const peerMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      peerMs.push(await timed(() => peer(bytes)));
      oursMs.push(await timed(() => ours(bytes)));
    }
    const renderMs = await timed(() => renderPdfInWorker(bytes, { width: pageImageWidth, from: 1 }, async (p) => void (await makeThumb(p.jpeg))));
    const perSecond = PAGES / (renderMs / 1000);
    const oursPage = median(oursMs) / PAGES;
    const peerPage = median(peerMs) / PAGES;
    const ratio = peerPage / oursPage;
    return [
      { figure: `PDF page images (${pageImageWidth} px JPEG + thumbnail), ${PAGES}-page PDF`, value: perSecond, unit: 'pages/s', budget: `>= ${IMAGES_BUDGET}`, pass: perSecond >= IMAGES_BUDGET, detail: `${(renderMs / 1000).toFixed(1)} s for ${PAGES} pages in the worker, ${bytes.length} bytes` },
      { figure: 'PDF text extraction per page', value: oursPage, unit: 'ms', budget: 'n/a', pass: true, detail: `median of ${ROUNDS} rounds over ${PAGES} pages; rounds ${oursMs.map((m) => m.toFixed(0)).join(', ')} ms` },
      { figure: 'PDF text extraction per page, pdfjs-dist getTextContent alone', value: peerPage, unit: 'ms', budget: 'n/a', pass: true, detail: `rounds ${peerMs.map((m) => m.toFixed(0)).join(', ')} ms` },
      { figure: 'PDF text extraction speed vs pdfjs-dist alone', value: ratio, unit: 'x', budget: `>= ${RATIO_BUDGET}x`, pass: ratio >= RATIO_BUDGET },
    ];
  },
};
