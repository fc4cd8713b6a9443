import type { Bench, BenchRow } from './BenchRow';

/**
 * A bench whose module is imported only when it runs. Loading every bench's dependencies up front
 * changed what the others measured: pdfjs-dist's legacy build (bench/media) installs core-js
 * polyfills on the main thread, among them a JavaScript `Array.prototype.push` in place of V8's
 * builtin, which made the engine bench ~25% slower (13.6x json-logic-js instead of 17x). The portal
 * loads pdf.js only inside its PDF worker, so its main thread keeps the builtins.
 */
const lazy = (name: string, load: () => Promise<() => Promise<BenchRow[]>>): Bench => ({ name, run: async () => (await load())() });

/** Every benchmark, in the order they print. */
export const benches: Bench[] = [
  lazy('engine', async () => (await import('./engine')).engineBench.run),
  lazy('editor', async () => (await import('./editor')).benchEditor),
  lazy('import', async () => (await import('./import')).importBench.run),
  lazy('impact', async () => (await import('./impact')).benchImpact),
  lazy('dashboard', async () => (await import('./dashboard')).benchDashboard),
  lazy('predictions', async () => (await import('./predictions')).predictionsBench.run),
  lazy('forward', async () => (await import('./forward')).benchForward),
  lazy('mail', async () => (await import('./mail')).benchMail),
  lazy('first-load', async () => (await import('./firstLoad')).firstLoadBench.run),
  lazy('media', async () => (await import('./media')).mediaBench.run),
  lazy('pdf-bomb', async () => (await import('./pdfBomb')).pdfBombBench.run),
  lazy('load', async () => (await import('./load')).loadBench.run),
];
