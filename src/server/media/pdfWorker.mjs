// The page-rendering worker (see renderPdfInWorker.ts): one PDF per worker life. Plain
// JavaScript, loaded without the TypeScript loader (see pdfPages.mjs).
import { parentPort } from 'node:worker_threads';
import { pdfProblem } from './pdfCheck.mjs';
import { renderPdfPages } from './pdfPages.mjs';

const port = parentPort;
if (port) {
  port.once('message', (req) => {
    void (async () => {
      try {
        // A PDF too costly to render is refused before pdf.js decodes anything of it.
        const problem = await pdfProblem(req.bytes, req.limits);
        if (problem) {
          port.postMessage({ kind: 'refused', problem });
          return;
        }
        const bounds = { maxImagePixels: req.limits.maxImagePixels, maxPagePixels: req.limits.maxPagePixels };
        for await (const p of renderPdfPages(req.bytes, { width: req.width, from: req.from, ...bounds })) {
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
