// The page-rendering worker (see renderPdfInWorker.ts): one PDF per worker life. Plain
// JavaScript, loaded without the TypeScript loader (see pdfPages.mjs).
import { parentPort } from 'node:worker_threads';
import { renderPdfPages } from './pdfPages.mjs';

const port = parentPort;
if (port) {
  port.once('message', (req) => {
    void (async () => {
      try {
        for await (const p of renderPdfPages(req.bytes, { width: req.width, from: req.from })) {
          // A copy with its own buffer: the encoder's Buffer may share a pool slab.
          const jpeg = new Uint8Array(p.jpeg);
          port.postMessage({ kind: 'page', ...p, jpeg }, [jpeg.buffer]);
        }
        port.postMessage({ kind: 'done' });
      } catch (err) {
        port.postMessage({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
}
