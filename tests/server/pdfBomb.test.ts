import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadPdfDetails } from '../../src/api/media';
import type { ProductLogRow } from '../../src/api/products';
import { adminToken, apiAs, createProductApi } from '../e2e/productKit';
import { bombPdf } from './helpers/bombPdf';
import { makePdf, numberedPages } from './helpers/makePdf';
import { startServer, type StartedServerProcess } from './helpers/startServer';
import { approvableProduct } from './productsKit';

// Issue 26 §3: a 4.7 MB PDF holding one 40000 x 40000 FlateDecode image drove the server from 0.5
// to 5.2 GB RSS and stayed there, and the job ended `done`. Now the render worker refuses it from
// its structure before anything is decoded: the job fails at once with the reason on the product,
// and the server's memory barely moves. Measured on a real server process (Linux /proc).

const mb = 1024 * 1024;
/** The server's resident memory now and its peak since the last reset (VmRSS, VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 240_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a PDF decompression bomb (issue 26 §3)', { timeout: 600_000 }, () => {
  let server: StartedServerProcess | undefined;
  afterAll(async () => server?.stop());

  it('fails at once with its reason on the product, and the server’s memory stays within 300 MB and returns', async () => {
    // The demo data without emails (the suite's seeded template): no seeding at the start.
    server = await startServer({ seeded: 'empty' });
    const s = server;
    const token = await adminToken(s);
    const upload = async (id: number, name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('product_id', String(id));
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      const res = await fetch(`${s.url}/api/upload-product-media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(res.status, await res.text()).toBe(200);
    };
    const processed = (id: number) =>
      until(`product ${id}'s PDF job to end`, async () => {
        const d = (await apiAs<{ payload: UploadPdfDetails }>(s, token, `/api/upload-pdf?product_id=${id}`)).payload;
        return d.processing.status === 'done' || d.processing.status === 'failed' ? d : undefined;
      });

    // Warm: one ordinary PDF processed, so the worker path (pdf.js, canvas) has run once.
    const warm = await createProductApi(s, token, approvableProduct({ product_pdf: '' }));
    await upload(warm, 'offer.pdf', await makePdf(numberedPages(2)));
    expect((await processed(warm)).processing.status).toBe('done');

    const bomb = await bombPdf();
    expect(bomb.length).toBeLessThan(5 * mb);
    const id = await createProductApi(s, token, approvableProduct({ product_pdf: '' }));
    writeFileSync(`/proc/${s.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const idle = memory(s.pid).rss;
    // Sampled while it runs; a server past idle + 1.5 GB is stopped so the machine is spared.
    let worst = idle;
    const watch = setInterval(() => {
      const m = memory(s.pid);
      worst = Math.max(worst, m.rss, m.peak);
      if (m.rss > idle + 1536 * mb) void s.kill();
    }, 50);
    try {
      await upload(id, 'bomb.pdf', bomb);
      const details = await processed(id);
      expect(details.processing).toMatchObject({
        status: 'failed',
        error: 'The PDF holds an image of 40000 x 40000 pixels; images over 50 megapixels are not processed.',
      });
      expect(details.pdf_text).toBeNull();
    } finally {
      clearInterval(watch);
    }
    worst = Math.max(worst, memory(s.pid).peak);
    expect((worst - idle) / mb, `peak ${(worst / mb).toFixed(0)} MB, idle ${(idle / mb).toFixed(0)} MB`).toBeLessThan(300);
    // Back within 10% of where it was (the worker's memory is returned when it ends).
    await until('RSS back within 10% of idle', () => (memory(s.pid).rss <= idle * 1.1 ? true : undefined), 60_000);

    // Failed once, not retried, and the product's activity log says why.
    const log = await apiAs<{ payload: ProductLogRow[] }>(s, token, `/api/product-admin-log/${id}?type=process`);
    expect(log.payload.filter((r) => r.ProductActivity.startsWith('PDF not processed'))).toEqual([
      expect.objectContaining({ ProductActivity: 'PDF not processed: The PDF holds an image of 40000 x 40000 pixels; images over 50 megapixels are not processed.' }),
    ]);
    // The next ordinary PDF still processes.
    await upload(id, 'offer.pdf', await makePdf(numberedPages(1)));
    expect((await processed(id)).processing.status).toBe('done');
  });
});
