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

/**
 * Opens a PDF with pdfjs-dist (no eval; fonts from the package). `maxImagePixels` makes pdf.js drop
 * any image larger than that instead of decoding it (a decompression bomb decodes to gigabytes).
 */
export function openPdf(bytes, limits = {}) {
  const bounds = limits.maxImagePixels ? { maxImageSize: limits.maxImagePixels, canvasMaxAreaInBytes: limits.maxImagePixels * 4 } : {};
  // A copy: pdfjs detaches the buffer it is given, and refuses a Node Buffer.
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, ...assets, ...bounds, verbosity: 0 }).promise;
}

/**
 * The text of a page: its items joined, a line break where pdfjs marks the end of a line. The
 * caller frees the page (the renderer does after drawing it; destroying the document frees all).
 */
export async function pageText(pdf, n) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  const parts = [];
  for (const item of content.items) if ('str' in item) parts.push(item.hasEOL ? item.str + '\n' : item.str);
  return parts.join('').trim();
}

/**
 * Renders pages `from`..last of a PDF as JPEGs `width` pixels wide (pdfjs-dist drawing on
 * @napi-rs/canvas), each with its text, in page order. JPEG encoding runs on libuv's thread pool
 * (`canvas.encode` is asynchronous): page n is encoded while page n+1 is drawn, so at most two
 * canvases are alive and memory stays flat. A page whose image would exceed `maxPagePixels` (a
 * strip a million points tall) is drawn narrower, so that no canvas is larger.
 */
export async function* renderPdfPages(bytes, opts) {
  const pdf = await openPdf(bytes, opts);
  let pending = null;
  try {
    for (let n = Math.max(1, opts.from ?? 1); n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const base = page.getViewport({ scale: 1 });
      let scale = opts.width / base.width;
      const area = base.width * base.height * scale * scale;
      // 1% under the cap: the canvas rounds each side to whole pixels.
      if (opts.maxPagePixels && area > opts.maxPagePixels) scale *= Math.sqrt((opts.maxPagePixels * 0.99) / area);
      const viewport = page.getViewport({ scale });
      const { canvas, context } = pdf.canvasFactory.create(Math.round(viewport.width), Math.round(viewport.height));
      // JPEG has no alpha: paint the page white first.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      const text = await pageText(pdf, n);
      const width = canvas.width;
      const height = canvas.height;
      const encoded = canvas.encode('jpeg', opts.quality ?? 82).then((jpeg) => {
        pdf.canvasFactory.destroy({ canvas, context });
        return { page: n, pages: pdf.numPages, jpeg, width, height, text };
      });
      // A failed encode surfaces when its page is yielded; until then it must not be unhandled.
      encoded.catch(() => undefined);
      page.cleanup();
      if (pending) yield await pending;
      pending = encoded;
    }
    if (pending) yield await pending;
    pending = null;
  } finally {
    // Stopped early (abort, error): let the page being encoded finish before the document goes.
    await pending?.catch(() => undefined);
    await pdf.destroy();
  }
}
