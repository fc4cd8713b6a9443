import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewImagesResponse } from '../../src/api/media';
import { openDb } from '../../src/server/db/openDb';
import { seedDemoPdfs } from '../../src/server/seed/seedDemoPdfs';
import { fsStorage, storageRoot } from '../../src/server/storage/fsStorage';
import { makePdf, numberedPages } from '../server/helpers/makePdf';
import { startInProcess } from '../server/helpers/startInProcess';
import { copySeededDataDir, type StartedServer } from '../server/helpers/startServer';
import { approvableProduct } from '../server/productsKit';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { reviewShot } from './helpers/reviewShot';
import { adminToken, apiAs, createProductApi, signInAt } from './productKit';
import { focusInPopover } from './helpers/dialogFocus';

// Issue 14: product media (001 §2 Media block, Manage PDF images, Mobile preview, PDF Text viewer).
// One server, one page, steps in order.
describe('product media', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  let productId: number;
  /** The channel 19 product with an uploaded HTML file. */
  let mediaFiles: number;
  let dataDir: string;
  /** A demo product given a PDF by the demo seed, and another product of its first company. */
  let demo: { id: number; fileName: string; headline: string; other: number };
  /** A demo email, for the email windows. */
  let email: { muid: number; subject: string };
  const images = () => apiAs<ViewImagesResponse>(server, token, `/api/view-images?product_id=${productId}&show=all`);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-media-e2e-'));
    copySeededDataDir('demo', dataDir);
    const db = await openDb({ dataDir });
    try {
      // Two demo products get their PDFs (processed by the server once it runs), as on a fresh demo.
      await seedDemoPdfs(db, fsStorage(storageRoot(dataDir)), () => undefined, 2);
      const d = await db.query<{ product_id: string; file_name: string; headline: string; other: string }>(
        `select * from (
           select p.product_id::text as product_id, p.document->>'file_name' as file_name, p.document->>'product_headline' as headline,
                  (select min(o.product_id)::text from products o, jsonb_array_elements(o.document->'companies') oc, jsonb_array_elements(p.document->'companies') pc
                    where o.product_id <> p.product_id and oc->>'companyID' = pc->>'companyID') as other
             from products p join product_files f on f.product_id = p.product_id where f.created_by = 'demo') x
          where other is not null order by product_id limit 1`,
      );
      demo = { id: Number(d.rows[0]!.product_id), fileName: d.rows[0]!.file_name, headline: d.rows[0]!.headline, other: Number(d.rows[0]!.other) };
      const r = await db.query<{ muid: string; email_subject: string }>("select muid::text as muid, email_subject from emails where email_subject ~ '[A-Za-z]{4}' order by muid limit 1");
      email = { muid: Number(r.rows[0]!.muid), subject: r.rows[0]!.email_subject };
    } finally {
      await db.close();
    }
    server = await startInProcess(dataDir);
    browser = await launchBrowser();
    token = await adminToken(server);
    productId = await createProductApi(server, token, approvableProduct({ product_pdf: '', product_headline: 'Media e2e headline' }));
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

    // Product Image from the product's own PDF: its pages come first in the chooser (issue 27 item 5).
    const imageInput = page.locator('[id="product_image"]');
    const original = await imageInput.inputValue();
    await page.getByRole('button', { name: 'Choose an image' }).click();
    const own = page.getByRole('dialog', { name: 'Product Image' }).getByRole('region', { name: "Pages of this product's PDF" });
    await own.getByRole('button', { name: 'This product, page 3' }).click();
    const page3 = (await images()).payload.find((i) => i.img_document_sort === 3)!;
    await expect.poll(() => imageInput.inputValue()).toBe(`/api/product-images/${page3.id}`);
    await expect.poll(() => page.locator('img.portal-product-image-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Back as stored: nothing left unsaved for the next test.
    await imageInput.fill(original);
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
      await reviewShot(page, `managepdf-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    const before = (await images()).payload[1];
    await page.getByRole('button', { name: 'Rotate 90°' }).click();
    await expect.poll(async () => (await images()).payload[1].rotation, { timeout: 30_000 }).toBe(90);
    const after = (await images()).payload[1];
    // The stored image itself is turned: its width and height swap.
    const bytes = Buffer.from(await (await fetch(`${server.url}${after.downlaod_url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([before.height, before.width]);
    expect(await page.getByRole('link', { name: 'Original Images' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Resample Try #3' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Open PDF' }).getAttribute('href')).toBe(`/api/download/${productId}`);

    // Resample asks first (issue 27 item 9); Cancel changes nothing, Resample keeps the default page and its rotation.
    // The link is disabled until the screen has re-read the rotated images (a click before that did nothing).
    const resample = page.getByRole('link', { name: 'Resample Try #3' });
    await expect.poll(() => resample.getAttribute('aria-disabled')).toBe('false');
    await resample.click();
    const confirm = page.locator('.bp6-alert');
    await expect.poll(() => confirm.textContent()).toContain('Make the page images again from the PDF?Page 2 stays the default preview and rotated pages keep their rotation.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await images()).payload[1].id).toBe(after.id);
    await page.getByRole('link', { name: 'Resample Try #3' }).click();
    await confirm.getByRole('button', { name: 'Resample' }).click();
    await expect.poll(async () => (await images()).payload.map((i) => [i.img_document_default, i.rotation, i.id === after.id]), { timeout: 60_000 }).toEqual([[0, 0, false], [1, 90, false], [0, 0, false]]);
    await expect.poll(() => pageButton(2).getAttribute('aria-pressed')).toBe('true');
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
  it("media files (channel 19): the labels change, the file input offers the channel's types, HTML is previewed in a sandboxed frame, Excel gets 'cannot upload this file format'", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    mediaFiles = await createProductApi(server, token, approvableProduct({ product_pdf: '', media_channel: 19, product_headline: 'Media e2e channel 19' }));
    await page.goto(`${server.url}/product?product_id=${mediaFiles}`);
    const input = page.getByLabel('Product media file');
    await input.waitFor({ state: 'attached' });
    await page.getByText('Product Media', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Media Files', exact: true }).waitFor();
    const accept = (await input.getAttribute('accept'))!.split(',');
    expect(accept).toEqual(expect.arrayContaining(['text/html', '.html', 'video/mp4', 'image/png']));
    expect(accept).not.toContain('.xlsx');
    await input.setInputFiles({ name: 'rates.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('not really excel') });
    await page.locator('.bp6-toast').filter({ hasText: 'cannot upload this file format' }).first().waitFor();
    // The kind's size limit is checked on choosing, before any byte is sent (rules/product/upload.json).
    // The 20 MB file is made in the page and chosen as setInputFiles does (files set, then input and
    // change): sent from the test, its bytes crossed the protocol base64-encoded, for seconds of CPU.
    const png = [...(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer())];
    await input.evaluate((el: HTMLInputElement, head: number[]) => {
      const bytes = new Uint8Array(20_000_001);
      bytes.set(head);
      const chosen = new DataTransfer();
      chosen.items.add(new File([bytes], 'huge-banner.png', { type: 'image/png' }));
      el.files = chosen.files;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, png);
    await page.locator('.bp6-toast').filter({ hasText: 'File size exceeds 20MB limit' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    const html = '<!DOCTYPE html><html><head><title>Landing</title></head><body><h1>Spring offer landing page</h1><script>parent.document.title = "owned"; document.body.append("script ran")</script></body></html>';
    await input.setInputFiles({ name: 'landing.html', mimeType: 'text/html', buffer: Buffer.from(html) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const frame = page.locator('iframe[title="Preview of landing.html"]');
    await frame.waitFor({ timeout: 30_000 });
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('iframe[title="Preview of landing.html"]').getByRole('heading', { name: 'Spring offer landing page' }).waitFor();
    // The sandbox runs no script: neither the portal's title nor the frame's own body changed.
    const shown = await page.frameLocator('iframe[title="Preview of landing.html"]').locator('body').innerText();
    expect(shown.trim()).toBe('Spring offer landing page');
    expect(await page.title()).not.toBe('owned');
    await reviewShot(page, 'media-channel19-1440.png');
  }, 120_000);

  it('opens the Actions windows: processed HTML and temp PDF of the email, render PDF, uploaded PDF; company Html/PDF icons; Product Image from the company images', async () => {
    const fromEmail = await createProductApi(
      server,
      token,
      approvableProduct({ product_pdf: '', product_image: '', muid: String(email.muid), ec_content_type: 'email', media_channel: 3, electronic_type: [2], product_headline: 'Media e2e windows' }),
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/product?product_id=${fromEmail}`);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const menu = page.getByRole('menu', { name: 'Open a window' });
    const href = (name: string) => menu.getByRole('menuitem', { name: new RegExp(`^${name}`) }).getAttribute('href');
    expect(await href('Processed HTML')).toBe(`/processedhtml/${email.muid}`);
    expect(await href('Temp PDF')).toBe(`/temppdf/${email.muid}`);
    expect(await href('Render PDF')).toBe(`/api/renderpdf/${email.muid}`);
    // No file uploaded yet: the entry says so instead of opening.
    expect(await menu.getByRole('menuitem', { name: /^Uploaded PDF/ }).getAttribute('aria-disabled')).toBe('true');
    // Blueprint closes the menu on an Escape from inside it: once it has the focus.
    await focusInPopover(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Email content: View Processed PDF beside the upload (001 §2 Media block).
    expect(await page.getByRole('link', { name: 'View Processed PDF' }).getAttribute('href')).toBe(`/temppdf/${email.muid}`);

    // The companies' Html/PDF icons: Acme Bank's newest other product with a file is the channel 19 one.
    const pdfIcon = page.getByRole('button', { name: 'PDF of Acme Bank' });
    await expect.poll(() => pdfIcon.getAttribute('href'), { timeout: 30_000 }).toBe(`/api/download/${mediaFiles}`);

    // Product Image chosen from the company's images: the first product's default page (page 2 since the managepdf test).
    await page.getByRole('button', { name: 'Choose an image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Product Image' });
    const thumb = dialog.getByRole('button', { name: `Product ${productId}, page 2` });
    await thumb.waitFor({ timeout: 30_000 });
    for (const [width, height] of [[1440, 900], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await reviewShot(page, `company-images-${width}.png`);
    }
    await thumb.click();
    const chosen = (await images()).payload.find((i) => i.img_document_sort === 2)!;
    await expect.poll(() => page.locator('[id="product_image"]').inputValue()).toBe(`/api/product-images/${chosen.id}`);
    const preview = page.locator('img.portal-product-image-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    await reviewShot(page, 'product-windows-editor-1366.png');

    // /processedhtml/{muid}: the email's processed HTML, sandboxed.
    await page.goto(`${server.url}/processedhtml/${email.muid}`);
    const htmlFrame = page.locator(`iframe[title="Processed HTML of email ${email.muid}"]`);
    await htmlFrame.waitFor({ timeout: 30_000 });
    expect(await htmlFrame.getAttribute('sandbox')).toBe('');
    await expect.poll(() => page.frameLocator(`iframe[title="Processed HTML of email ${email.muid}"]`).locator('body').textContent(), { timeout: 30_000 }).toContain(email.subject.trim().slice(0, 20));
    for (const [width, height] of [[1440, 900], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await reviewShot(page, `processedhtml-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    // /temppdf/{muid}: rendered once by the server and kept; the window frames it.
    await page.goto(`${server.url}/temppdf/${email.muid}`);
    const pdfFrame = page.locator(`iframe[title="Temp PDF of email ${email.muid}"]`);
    await pdfFrame.waitFor({ timeout: 120_000 });
    expect(await pdfFrame.getAttribute('src')).toMatch(/^blob:/);
    for (const [width, height] of [[1440, 900], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await reviewShot(page, `temppdf-${width}.png`);
    }
    const first = await fetch(`${server.url}/api/temppdf/${email.muid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(first.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Kept: the same bytes again, without rendering.
    const again = Buffer.from(await (await fetch(`${server.url}/api/temppdf/${email.muid}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  }, 300_000);
  it("a fresh demo shows a demo product's PDF: preview, PDF Text viewer, /managepdf thumbnails, and its page in the company-images picker", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/product?product_id=${demo.id}`);
    // Made by the PDF job in the background after the server started.
    const preview = page.getByAltText(`Preview of ${demo.fileName}`);
    await preview.waitFor({ timeout: 180_000 });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(180);
    await page.getByRole('link', { name: 'View Content' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'PDF Text' });
    // The text is the product's own: its headline (wrapped over lines in the PDF).
    await expect.poll(async () => (await dialog.getByLabel('PDF text').textContent())?.replace(/\s+/g, ' ')).toContain(demo.headline);
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();

    await page.goto(`${server.url}/managepdf/${demo.id}`);
    const list = page.getByRole('list', { name: 'Page images' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 60_000 }).toBe(2 + (demo.id % 3));
    for (const [width, height] of [[1440, 900], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await reviewShot(page, `demo-managepdf-${width}.png`);
    }

    // Another product of the same company picks the demo PDF's first page as its Product Image.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/product?product_id=${demo.other}`);
    await page.getByRole('button', { name: 'Choose an image' }).click();
    const picker = page.getByRole('dialog', { name: 'Product Image' });
    const thumb = picker.getByRole('button', { name: `Product ${demo.id}, page 1` });
    await thumb.waitFor({ timeout: 30_000 });
    await expect.poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    for (const [width, height] of [[1440, 900], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await reviewShot(page, `demo-company-images-${width}.png`);
    }
  }, 300_000);
});
