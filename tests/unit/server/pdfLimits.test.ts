import { describe, expect, it } from 'vitest';
import { pdfLimits, PdfRefused, type PdfLimits } from '../../../src/server/media/pdfLimits';
import { renderPdfInWorker } from '../../../src/server/media/renderPdfInWorker';
import type { RenderedPage } from '../../../src/server/media/pdfPages.mjs';
import { makePdf, numberedPages } from '../../server/helpers/makePdf';

// Issue 26 §3: each bound of the PDF render worker, on an ordinary PDF with that bound set low.

const render = async (bytes: Buffer, limits: Partial<PdfLimits>, width = 1000) => {
  const pages: RenderedPage[] = [];
  const outcome = await renderPdfInWorker(bytes, { width, from: 1, limits: { ...pdfLimits, ...limits } }, async (p) => void pages.push(p)).then(
    () => 'rendered',
    (err: Error) => `${err instanceof PdfRefused ? 'refused' : 'failed'}: ${err.message}`,
  );
  return { outcome, pages };
};

describe('PDF render bounds (issue 26 §3)', { timeout: 60_000 }, () => {
  it('within every bound, each page is rendered', async () => {
    const r = await render(await makePdf(numberedPages(3)), {});
    expect(r.outcome).toBe('rendered');
    expect(r.pages.map((p) => [p.page, p.width])).toEqual([[1, 1000], [2, 1000], [3, 1000]]);
  });

  it('more pages than maxPages: refused before any page, with the count', async () => {
    const r = await render(await makePdf(numberedPages(3)), { maxPages: 2 });
    expect(r).toEqual({ outcome: 'refused: The PDF has 3 pages; at most 2 are processed.', pages: [] });
  });

  it('a content stream inflating beyond maxStreamBytes: refused', async () => {
    const r = await render(await makePdf([Array.from({ length: 40 }, (_, i) => `Line ${i} of the offer's terms and conditions`)]), { maxStreamBytes: 64 });
    expect(r).toEqual({ outcome: 'refused: A part of the PDF expands to more than 0.00006103515625 MB; it is not processed.', pages: [] });
  });

  it('a page larger than maxPagePixels is drawn narrower, not refused', async () => {
    const r = await render(await makePdf(numberedPages(1)), { maxPagePixels: 200_000 });
    expect(r.outcome).toBe('rendered');
    expect(r.pages[0].width * r.pages[0].height).toBeLessThanOrEqual(200_000);
    expect(r.pages[0].width).toBeLessThan(1000);
  });

  it('longer than renderSeconds: the worker is ended with the time message', async () => {
    const r = await render(await makePdf(numberedPages(20)), { renderSeconds: 0.001 });
    expect(r.outcome).toBe('failed: The PDF took longer than 0.001 seconds to process; it is not processed.');
  });

  it('growing the process by more than renderMemoryMb: the worker is ended with the memory message', async () => {
    // Pages 4,000 pixels wide: each page's canvas (~80 MB) is mapped afresh, so the process grows
    // even when earlier files in this worker (the unit suite shares workers) left freed memory to reuse.
    const r = await render(await makePdf(numberedPages(20)), { renderMemoryMb: 0 }, 4000);
    expect(r.outcome).toBe('failed: The PDF needs more memory than one file may use (0 MB); it is not processed.');
  });
});

describe('the worker heap (resourceLimits)', { timeout: 60_000 }, () => {
  it('a render needing more than workerHeapMb ends with the memory message', async () => {
    const r = await render(await makePdf(numberedPages(20)), { workerHeapMb: 4 });
    expect(r.outcome).toBe(`failed: The PDF needs more memory than one file may use (${pdfLimits.renderMemoryMb} MB); it is not processed.`);
  });
});
