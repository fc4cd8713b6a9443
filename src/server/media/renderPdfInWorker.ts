import { Worker } from 'node:worker_threads';
import type { RenderedPage } from './pdfPages.mjs';

const workerUrl = new URL('./pdfWorker.mjs', import.meta.url);

/** What the worker is asked: render pages `from`..last, `width` pixels wide. */
interface RenderRequest {
  bytes: Uint8Array;
  width: number;
  from: number;
}

type Reply = ({ kind: 'page' } & RenderedPage) | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * Renders a PDF's pages in a worker thread (pdfjs and the canvas would otherwise hold the event
 * loop for the whole document), calling onPage for each in order; pages are handled one at a time.
 * `signal` ends the worker.
 */
export function renderPdfInWorker(bytes: Uint8Array, opts: { width: number; from: number; signal?: AbortSignal }, onPage: (p: RenderedPage) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    // No inherited --import tsx: the worker is plain JavaScript (see pdfPages.mjs).
    const worker = new Worker(workerUrl, { execArgv: [] });
    let chain = Promise.resolve();
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve();
    };
    const onAbort = () => finish(new Error('PDF rendering stopped'));
    opts.signal?.addEventListener('abort', onAbort);
    let done = false;
    worker.on('message', (m: Reply) => {
      if (m.kind === 'page') chain = chain.then(() => (settled ? undefined : onPage(m))).catch((err: unknown) => finish(err));
      else if (m.kind === 'done') {
        done = true;
        void chain.then(() => finish());
      } else finish(new Error(m.message));
    });
    worker.on('error', finish);
    // A worker that ends before saying done (crash, out of memory) fails the render.
    worker.on('exit', (code) => (done ? undefined : finish(new Error(`PDF worker exited (${code}) before the last page`))));
    const req: RenderRequest = { bytes, width: opts.width, from: opts.from };
    worker.postMessage(req);
  });
}
