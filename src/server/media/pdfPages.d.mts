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

/** Bounds of one render (pdfLimits.ts). */
export interface RenderBounds {
  /** Images with more pixels are not decoded (pdf.js maxImageSize). */
  maxImagePixels?: number;
  /** No page canvas has more pixels (the page is drawn narrower). */
  maxPagePixels?: number;
}

export function openPdf(bytes: Uint8Array, limits?: RenderBounds): Promise<PDFDocumentProxy>;
export function pageText(pdf: PDFDocumentProxy, n: number): Promise<string>;
export function renderPdfPages(bytes: Uint8Array, opts: { width: number; from?: number; quality?: number } & RenderBounds): AsyncGenerator<RenderedPage>;
