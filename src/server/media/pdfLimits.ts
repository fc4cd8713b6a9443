import type { PdfProblem } from './pdfCheck.mjs';

/**
 * What one product PDF may cost to process (issue 26 §3: a 4.7 MB PDF holding one 40000 x 40000
 * image drove the server to 5.2 GB). A PDF beyond them fails at once with a message on the product
 * (Manage PDF, upload-pdf's processing error, the activity log); nothing is retried.
 */
export interface PdfLimits {
  maxPages: number;
  maxImagePixels: number;
  maxStreamBytes: number;
  maxPagePixels: number;
  workerHeapMb: number;
  renderMemoryMb: number;
  renderSeconds: number;
}

export const pdfLimits: Readonly<PdfLimits> = {
  /** Pages of one PDF (a marketing piece; a catalogue of 300 pages is still processed). */
  maxPages: 300,
  /** Pixels of one embedded image: 50 megapixels is a letter page scanned at 850 dpi. */
  maxImagePixels: 50_000_000,
  /** Bytes a Flate stream other than an image (page content, fonts) may inflate to. */
  maxStreamBytes: 64 * 1024 * 1024,
  /** Pixels of one page image; a page drawn larger (a strip a million points tall) is drawn narrower. */
  maxPagePixels: 25_000_000,
  /** The render worker's JavaScript heap (resourceLimits). */
  workerHeapMb: 512,
  /** Memory the process may grow by while a PDF renders (decoded images are outside the heap). */
  renderMemoryMb: 768,
  /** Time one PDF may take to render, all pages. */
  renderSeconds: 600,
};

/** Why a PDF was not processed, in the words the product shows. */
export function pdfProblemMessage(p: PdfProblem, limits: PdfLimits = pdfLimits): string {
  switch (p.reason) {
    case 'pages':
      return `The PDF has ${p.pages} pages; at most ${limits.maxPages} are processed.`;
    case 'image':
      return `The PDF holds an image of ${p.width} x ${p.height} pixels; images over ${limits.maxImagePixels / 1e6} megapixels are not processed.`;
    case 'stream':
      return `A part of the PDF expands to more than ${limits.maxStreamBytes / 1024 / 1024} MB; it is not processed.`;
  }
}

export const pdfMemoryMessage = (limits: PdfLimits = pdfLimits) => `The PDF needs more memory than one file may use (${limits.renderMemoryMb} MB); it is not processed.`;
export const pdfTimeMessage = (limits: PdfLimits = pdfLimits) => `The PDF took longer than ${limits.renderSeconds} seconds to process; it is not processed.`;

/** A PDF refused for its cost: the job fails at once with this message (no retry). */
export class PdfRefused extends Error {}
