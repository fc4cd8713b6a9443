import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadPdfDetails, ViewImagesResponse } from '../../src/api/media';
import { openDb } from '../../src/server/db/openDb';
import { adminPassword, adminToken, apiAs, createProductApi } from '../e2e/productKit';
import { makePdf, numberedPages } from './helpers/makePdf';
import { copyMigratedDb, startServer, type StartedServer } from './helpers/startServer';
import { approvableProduct } from './productsKit';

// 001 §2 Manage PDF images: PDF processing is a background job that survives a restart.

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 240_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('PDF processing across a kill -9', { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-media-restart-'));
  copyMigratedDb(dataDir); // the suite's migrated PGlite: the first start skips initdb and the migrations
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a 50-page PDF once after the server is killed while processing it', async () => {
    const env = { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '0' };
    server = await startServer({ env, dataDir });
    let token = await adminToken(server);
    const id = await createProductApi(server, token, approvableProduct({ product_pdf: '' }));
    const form = new FormData();
    form.append('product_id', String(id));
    form.append('file', new Blob([new Uint8Array(await makePdf(numberedPages(50, ['Terms and conditions apply to this offer.'])))], { type: 'application/pdf' }), 'catalogue.pdf');
    const up = await fetch(`${server.url}/api/upload-product-media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status, await up.text()).toBe(200);
    const details = (s: StartedServer, t: string) => apiAs<{ payload: UploadPdfDetails }>(s, t, `/api/upload-pdf?product_id=${id}`).then((r) => r.payload);

    // Kill it part-way: some pages stored, not all.
    const before = await until('a few pages', async () => {
      const d = await details(server!, token);
      return (d.processing.pages_done ?? 0) >= 3 ? d : undefined;
    });
    await server.kill();
    expect(before.processing.status).toBe('running');
    expect(before.processing.pages_done).toBeLessThan(50);

    server = await startServer({ env, dataDir });
    token = await adminToken(server);
    const after = await until('the job to finish', async () => {
      const d = await details(server!, token);
      return d.processing.status === 'done' || d.processing.status === 'failed' ? d : undefined;
    });
    expect(after.processing).toMatchObject({ status: 'done', pages: 50, pages_done: 50 });
    expect(after.pdf_text).toContain('Offer page 50 of 50');
    const images = await apiAs<ViewImagesResponse>(server, token, `/api/view-images?product_id=${id}&show=all`);
    expect(images.payload.map((i) => i.img_document_sort)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(images.payload.filter((i) => i.img_document_default === 1)).toHaveLength(1);
    await server.stop();
    server = undefined;

    const db = await openDb({ dataDir });
    try {
      const done = await db.query<{ n: number }>("select count(*)::int as n from activity where entity = 'product' and entity_id = $1 and action = 'pdf_processed'", [String(id)]);
      expect(done.rows[0].n).toBe(1);
      const job = await db.query<{ attempts: number }>('select attempts from product_pdf_jobs where product_id = $1', [id]);
      // The second run resumed the same job: it did not start a new one.
      expect(job.rows).toHaveLength(1);
      expect(job.rows[0].attempts).toBe(2);
    } finally {
      await db.close();
    }
  });
});
