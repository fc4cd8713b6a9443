// Plain JavaScript: loaded by the page worker without the TypeScript loader (see pdfPages.mjs).
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

const name = (n) => PDFName.of(n);

function numberOf(dict, key) {
  const v = dict.lookup(name(key));
  return v instanceof PDFNumber ? v.asNumber() : 0;
}

function firstFilter(dict) {
  const f = dict.lookup(name('Filter'));
  if (f instanceof PDFName) return f.decodeText();
  if (f instanceof PDFArray && f.size() > 0) {
    const first = f.lookup(0);
    return first instanceof PDFName ? first.decodeText() : null;
  }
  return null;
}

/**
 * What makes a PDF too costly to render, found from its structure before anything is decoded:
 * more pages than `maxPages`, an image of more than `maxImagePixels` pixels (its Width x Height,
 * read without decoding it), or a Flate stream that inflates beyond `maxStreamBytes` (inflated
 * with that as its output cap, so the check itself stays bounded). Null when none; a file pdf-lib
 * cannot read is left to pdf.js, which fails with its own message.
 */
export async function pdfProblem(bytes, limits) {
  let doc;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  const pages = doc.getPageCount();
  if (pages > limits.maxPages) return { reason: 'pages', pages };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const dict = obj.dict;
    if (dict.get(name('Subtype')) === name('Image')) {
      const width = numberOf(dict, 'Width');
      const height = numberOf(dict, 'Height');
      if (width * height > limits.maxImagePixels) return { reason: 'image', width, height };
      continue;
    }
    if (firstFilter(dict) !== 'FlateDecode') continue;
    try {
      inflateSync(obj.contents, { maxOutputLength: limits.maxStreamBytes });
    } catch (err) {
      if (err instanceof RangeError || err?.code === 'ERR_BUFFER_TOO_LARGE') return { reason: 'stream' };
      // A corrupt stream: pdf.js decides what to draw of it.
    }
  }
  return null;
}
