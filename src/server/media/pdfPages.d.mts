import type { PDFDocumentProxy } from 'pdfjs-dist';

/** One rendered page: a JPEG of the page at the asked width, and its text. */
export interface RenderedPage {
  page: number;
  pages: number;
  jpeg: Uint8Array;
  width: number;
  height: number;
  text: string;
}

export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy>;
export function pageText(pdf: PDFDocumentProxy, n: number): Promise<string>;
export function renderPdfPages(bytes: Uint8Array, opts: { width: number; from?: number; quality?: number }): AsyncGenerator<RenderedPage>;
