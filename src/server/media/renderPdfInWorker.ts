import { Worker } from 'node:worker_threads';
import type { PdfProblem } from './pdfCheck.mjs';
import { pdfLimits, pdfMemoryMessage, pdfProblemMessage, PdfRefused, pdfTimeMessage, type PdfLimits } from './pdfLimits';
import type { RenderedPage } from './pdfPages.mjs';

const workerUrl = new URL('./pdfWorker.mjs', import.meta.url);

/** What the worker is asked: render pages `from`..last, `width` pixels wide, within `limits`. */
interface RenderRequest {
  bytes: Uint8Array;
  width: number;
  from: number;
  limits: PdfLimits;
}

type Reply = ({ kind: 'page' } & RenderedPage) | { kind: 'done' } | { kind: 'error'; message: string } | { kind: 'refused'; problem: PdfProblem };

/** How often the process's memory is looked at while a PDF renders. */
const memoryCheckMs = 100;

/**
 * Renders a PDF's pages in a worker thread (pdfjs and the canvas would otherwise hold the event
 * loop for the whole document), calling onPage for each in order; pages are handled one at a time.
 * The worker checks the PDF's structure first (pdfCheck.mjs: pages, image sizes, stream sizes) and
 * refuses a costly one (PdfRefused, with the reason); it runs with a capped heap, and is ended
 * when the process grows by more than `renderMemoryMb` (decoded images live outside the heap) or
 * the render takes longer than `renderSeconds`. `signal` ends the worker too.
 */
export function renderPdfInWorker(
  bytes: Uint8Array,
  opts: { width: number; from: number; signal?: AbortSignal; limits?: PdfLimits },
  onPage: (p: RenderedPage) => Promise<void>,
): Promise<void> {
  const limits = opts.limits ?? pdfLimits;
  return new Promise((resolve, reject) => {
    // No inherited --import tsx: the worker is plain JavaScript (see pdfPages.mjs).
    const worker = new Worker(workerUrl, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, stackSizeMb: 4 } });
    const baseline = process.memoryUsage.rss();
    let chain = Promise.resolve();
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve();
    };
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > limits.renderMemoryMb * 1024 * 1024) finish(new Error(pdfMemoryMessage(limits)));
    }, memoryCheckMs);
    const deadline = setTimeout(() => finish(new Error(pdfTimeMessage(limits))), limits.renderSeconds * 1000);
    const onAbort = () => finish(new Error('PDF rendering stopped'));
    opts.signal?.addEventListener('abort', onAbort);
    let done = false;
    worker.on('message', (m: Reply) => {
      if (m.kind === 'page') chain = chain.then(() => (settled ? undefined : onPage(m))).catch((err: unknown) => finish(err));
      else if (m.kind === 'done') {
        done = true;
        void chain.then(() => finish());
      } else if (m.kind === 'refused') finish(new PdfRefused(pdfProblemMessage(m.problem, limits)));
      else finish(new Error(m.message));
    });
    worker.on('error', (err: Error & { code?: string }) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(pdfMemoryMessage(limits)) : err));
    // A worker that ends before saying done (crash, out of memory) fails the render.
    worker.on('exit', (code) => (done ? undefined : finish(new Error(`PDF worker exited (${code}) before the last page`))));
    const req: RenderRequest = { bytes, width: opts.width, from: opts.from, limits };
    worker.postMessage(req);
  });
}
