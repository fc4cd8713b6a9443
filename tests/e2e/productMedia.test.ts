import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewImagesResponse } from '../../src/api/media';
import { makePdf, numberedPages } from '../server/helpers/makePdf';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { approvableProduct } from '../server/productsKit';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { adminPassword, adminToken, apiAs, createProductApi, signInAt } from './productKit';

// Issue 14: product media (001 §2 Media block, Manage PDF images, Mobile preview, PDF Text viewer).
// One server, one page, steps in order.
describe('product media', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  let productId: number;
  const images = () => apiAs<ViewImagesResponse>(server, token, `/api/view-images?product_id=${productId}&show=all`);

  beforeAll(async () => {
    server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '0' }, timeoutMs: 300_000 });
    browser = await launchBrowser();
    token = await adminToken(server);
    productId = await createProductApi(server, token, approvableProduct({ product_pdf: '', product_headline: 'Media e2e headline' }));
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a PDF with progress, previews its first page and shows its text in the PDF Text viewer', async () => {
    await signInAt(page, server, `/product?product_id=${productId}`);
    const input = page.getByLabel('Product media file');
    await input.waitFor({ state: 'attached' });
    const pdf = await makePdf(numberedPages(3, ['Earn 5% cash back on groceries']));
    await input.setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // The progress bar with percent and Mb/s (001 §2).
    await expect.poll(() => page.getByLabel('Upload progress').textContent(), { timeout: 30_000 }).toMatch(/^100% · \d+\.\d Mb\/s$/);
    const preview = page.getByAltText('Preview of brochure.pdf');
    await preview.waitFor({ timeout: 120_000 });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(180);
    await page.getByRole('link', { name: 'View Content' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'PDF Text' });
    await expect.poll(() => dialog.getByLabel('PDF text').textContent()).toContain('Offer page 2 of 3');
    expect(await dialog.textContent()).toContain('Earn 5% cash back on groceries');
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('link', { name: 'Manage Preview' }).getAttribute('href')).toBe(`/managepdf/${productId}`);
  }, 240_000);

  it('shows the page thumbnails on /managepdf, sets a default (green border) and rotates it', async () => {
    await page.goto(`${server.url}/managepdf/${productId}`);
    const list = page.getByRole('list', { name: 'Page images' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 60_000 }).toBe(3);
    const pageButton = (n: number) => list.getByRole('button', { name: new RegExp(`^Page ${n}( |$)`) });
    expect(await pageButton(1).getAttribute('aria-pressed')).toBe('true');
    await pageButton(2).click();
    await expect.poll(() => pageButton(2).getAttribute('aria-pressed')).toBe('true');
    expect(await pageButton(1).getAttribute('aria-pressed')).toBe('false');
    expect(await pageButton(2).evaluate((b) => getComputedStyle(b).borderTopColor)).toBe('rgb(35, 133, 81)');
    expect((await images()).payload.map((i) => i.img_document_default)).toEqual([0, 1, 0]);
    for (const [width, height] of [[1440, 900], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `/tmp/managepdf-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    const before = (await images()).payload[1];
    await page.getByRole('button', { name: 'Rotate 90°' }).click();
    await expect.poll(async () => (await images()).payload[1].rotation).toBe(90);
    const after = (await images()).payload[1];
    // The stored image itself is turned: its width and height swap.
    const bytes = Buffer.from(await (await fetch(`${server.url}${after.downlaod_url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([before.height, before.width]);
    expect(await page.getByRole('link', { name: 'Original Images' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Resample Try #3' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Open PDF' }).getAttribute('href')).toBe(`/api/download/${productId}`);
  }, 120_000);

  it("says 'PDF file does not exist for this product.' on /managepdf of a product without a file", async () => {
    const bare = await createProductApi(server, token, approvableProduct({ product_pdf: '', product_headline: 'Media e2e no file' }));
    await page.goto(`${server.url}/managepdf/${bare}`);
    await page.getByText('PDF file does not exist for this product.').waitFor();
  });

  it('shows a mobile product video on /mobilepreview', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // A real WebM video, recorded from a canvas in the browser.
    const video = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const ctx = canvas.getContext('2d')!;
      const rec = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => chunks.push(e.data);
      let i = 0;
      const paint = () => {
        ctx.fillStyle = `hsl(${(i++ * 40) % 360}, 80%, 50%)`;
        ctx.fillRect(0, 0, 160, 120);
      };
      paint();
      const timer = setInterval(paint, 100);
      rec.start(200);
      await new Promise((r) => setTimeout(r, 1200));
      const stopped = new Promise((r) => (rec.onstop = r));
      rec.stop();
      await stopped;
      clearInterval(timer);
      return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
    });
    const mobile = await createProductApi(server, token, approvableProduct({ product_pdf: '', product_headline: 'Media e2e mobile video', isMobile: 1 }));
    const form = new FormData();
    form.append('product_id', String(mobile));
    form.append('file', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'spot.webm');
    const up = await fetch(`${server.url}/api/upload-product-media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status, await up.text()).toBe(200);
    await page.goto(`${server.url}/mobilepreview/${mobile}`);
    const player = page.getByLabel(`Product ${mobile} video`);
    await player.waitFor();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.videoWidth), { timeout: 30_000 }).toBe(160);
  }, 120_000);
});
