// Plain JavaScript on purpose: the page worker loads it without the TypeScript loader, which
// would otherwise transform pdfjs-dist's 2 MB of modules on every start (5x slower to load).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdfjs reads its fonts, CMaps and wasm decoders from these folders (file paths in Node). */
const assets = {
  standardFontDataUrl: join(pdfjsDir, 'standard_fonts') + '/',
  cMapUrl: join(pdfjsDir, 'cmaps') + '/',
  cMapPacked: true,
  wasmUrl: join(pdfjsDir, 'wasm') + '/',
  iccUrl: join(pdfjsDir, 'iccs') + '/',
};

/** Opens a PDF with pdfjs-dist (no eval; fonts from the package). */
export function openPdf(bytes) {
  // A copy: pdfjs detaches the buffer it is given, and refuses a Node Buffer.
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, ...assets, verbosity: 0 }).promise;
}

/** The text of a page: its items joined, a line break where pdfjs marks the end of a line. */
export async function pageText(pdf, n) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
  page.cleanup();
  return text.trim();
}

/**
 * Renders pages `from`..last of a PDF as JPEGs `width` pixels wide (pdfjs-dist drawing on
 * @napi-rs/canvas), each with its text, one page at a time so memory stays flat.
 */
export async function* renderPdfPages(bytes, opts) {
  const pdf = await openPdf(bytes);
  try {
    for (let n = Math.max(1, opts.from ?? 1); n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: opts.width / base.width });
      const { canvas, context } = pdf.canvasFactory.create(Math.round(viewport.width), Math.round(viewport.height));
      // JPEG has no alpha: paint the page white first.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      const jpeg = await canvas.encode('jpeg', opts.quality ?? 82);
      const text = await pageText(pdf, n);
      yield { page: n, pages: pdf.numPages, jpeg, width: canvas.width, height: canvas.height, text };
      pdf.canvasFactory.destroy({ canvas, context });
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
}
