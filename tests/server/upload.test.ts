import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import { loadConfig } from '../../src/server/config';
import { pruneStagedUploads } from '../../src/server/products/pruneStagedUploads';
import { fsStorage, storageRoot } from '../../src/server/storage/fsStorage';
import { bearer, signInAs } from './helpers/authKit';
import { approvableProduct, countRows, createProduct, productsKit, type ProductsKit } from './productsKit';

// 001 §2 Media block, §5 File input (100MB, type allow-list checked by content), §7 upload and download.

const boundary = '----portal-test-boundary';
const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a3c2cb0000000049454e44ae426082', 'hex');
const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>\n');
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]);

function head(fields: Record<string, string>, filename: string, mime = 'application/pdf'): Buffer {
  let s = '';
  for (const [k, v] of Object.entries(fields)) s += `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  s += `--${boundary}\r\ncontent-disposition: form-data; name="product_media"; filename="${filename}"\r\ncontent-type: ${mime}\r\n\r\n`;
  return Buffer.from(s);
}
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}` };

describe('media upload', () => {
  let kit: ProductsKit;
  let productId: number;
  beforeAll(async () => {
    kit = await productsKit();
    productId = await createProduct(kit, approvableProduct({ product_pdf: '' }));
  });
  afterAll(async () => kit.close());

  const upload = (id: number, filename: string, content: Buffer, headers = kit.as.editor, mime?: string) =>
    kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...headers, ...multipartHeaders }, payload: Buffer.concat([head({ product_id: String(id) }, filename, mime), content, tail]) });

  it('accepts a real PDF, stores it, records it and points the product PDF at the download', async () => {
    const files = await countRows(kit.db, 'product_files');
    const res = await upload(productId, 'offer.pdf', minimalPdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, payload: { product_id: productId, filename: 'offer.pdf', mime: 'application/pdf', size: minimalPdf.length, kind: 'pdf', product_pdf: `/api/download/${productId}` } });
    expect(await countRows(kit.db, 'product_files')).toBe(files + 1);
    const doc = (await kit.db.query<{ document: Record<string, unknown> }>('select document from products where product_id = $1', [productId])).rows[0].document;
    expect(doc).toMatchObject({ product_pdf: `/api/download/${productId}`, file_name: 'offer.pdf', document_size_byte: minimalPdf.length });
    const dl = await kit.app.inject({ method: 'GET', url: `/api/download/${productId}`, headers: kit.as.analyst });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.rawPayload.equals(minimalPdf)).toBe(true);
    // The uploaded PDF now satisfies 'Please Upload Product Pdf'.
    expect((await kit.app.inject({ method: 'POST', url: `/api/product/${productId}/status`, headers: kit.as.editor, payload: { action: 'approve' } })).statusCode).toBe(200);
    const acts = await kit.db.query<{ action: string }>("select action from activity where entity = 'product' and entity_id = $1 and action = 'upload'", [String(productId)]);
    expect(acts.rows).toHaveLength(1);
  });

  it("decides the type by content, and refuses a name that says another type: 'Invalid file type'", async () => {
    const files = await countRows(kit.db, 'product_files');
    for (const [name, content] of [['offer.pdf', Buffer.from('just some text, not a PDF\n')], ['offer.pdf', elf], ['offer.pdf', exe], ['empty.pdf', Buffer.alloc(0)]] as const) {
      const res = await upload(productId, name, content);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ error: 'Unsupported Media Type', message: 'Invalid file type' });
    }
    expect(await countRows(kit.db, 'product_files')).toBe(files);
    // The name must not say another type than the content: HTML named .png, a PNG named .pdf, an SVG named .png.
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n');
    for (const [name, content] of [['photo.png', html], ['scan.pdf', png], ['logo.png', svg]] as const) {
      const res = await upload(productId, name, content, kit.as.editor, 'image/png');
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ error: 'Unsupported Media Type', message: 'Invalid file type' });
    }
    expect(await countRows(kit.db, 'product_files')).toBe(files);
    // The type is still the content's: an SVG sent as image/png is an SVG (on a channel that takes images).
    const display = await createProduct(kit, approvableProduct({ media_channel: 5, media_file_url: 'https://ads.example/2' }));
    expect((await upload(display, 'logo.svg', svg, kit.as.editor, 'image/png')).json<{ payload: { mime: string; kind: string } }>().payload).toMatchObject({ mime: 'image/svg+xml', kind: 'media' });
    expect((await upload(display, 'scan', png)).json<{ payload: { mime: string } }>().payload.mime).toBe('image/png');
  });

  it("any other channel takes PDF or Excel (001 §5): an image on Website URL is 'Invalid file type'", async () => {
    const files = await countRows(kit.db, 'product_files');
    const res = await upload(productId, 'banner.png', png, kit.as.editor, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Unsupported Media Type', message: 'Invalid file type' });
    expect(await countRows(kit.db, 'product_files')).toBe(files);
  });

  it("media files (channels 19 and 20) take their configured types, HTML among them, and refuse others with 'cannot upload this file format'", async () => {
    const media = await createProduct(kit, approvableProduct({ media_channel: 19, product_pdf: '' }));
    const page = Buffer.from('<!DOCTYPE html>\n<html><head><title>Landing</title></head><body><h1>Spring offer</h1><script>parent.document.title="owned"</script></body></html>\n');
    const ok = await upload(media, 'landing.html', page, kit.as.editor, 'text/html');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ payload: { mime: 'text/html', kind: 'media' } });
    // Served as inert HTML: a sandboxed opaque origin without scripts, framed only by the portal.
    const dl = await kit.app.inject({ method: 'GET', url: `/api/download/${media}`, headers: kit.as.analyst });
    expect(dl.headers['content-type']).toMatch(/^text\/html/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(String(dl.headers['content-security-policy'])).toMatch(/(^|; )sandbox(;|$)/);
    expect(String(dl.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(dl.rawPayload.equals(page)).toBe(true);
    const files = await countRows(kit.db, 'product_files');
    // Excel is not in the media-files list; HTML named .png and a program are refused too, with the channel's message.
    const xlsx = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100)]);
    for (const [name, content, mime] of [['rates.xls', exe, 'application/vnd.ms-excel'], ['landing.png', page, 'image/png'], ['setup.exe', exe, 'application/octet-stream'], ['a.zip', xlsx, 'application/zip']] as const) {
      const res = await upload(media, name, content, kit.as.editor, mime);
      expect(res.statusCode, name).toBe(415);
      expect(res.json(), name).toEqual({ error: 'Unsupported Media Type', message: 'cannot upload this file format' });
    }
    expect(await countRows(kit.db, 'product_files')).toBe(files);
    // Channel 20 as well: a WebM video.
    const twenty = await createProduct(kit, approvableProduct({ media_channel: 20, product_pdf: '' }));
    const webm = Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d42878104428581021853806701000000000000', 'hex');
    expect((await upload(twenty, 'spot.webm', webm, kit.as.editor, 'video/webm')).json()).toMatchObject({ payload: { mime: 'video/webm' } });
  });

  it("media files (channels 19 and 20): images over 20 MB and HTML over 5 MB get 413 with the kind's message and nothing stored; a larger video passes", { timeout: 120_000 }, async () => {
    const media = await createProduct(kit, approvableProduct({ media_channel: 19, product_pdf: '' }));
    const twenty = await createProduct(kit, approvableProduct({ media_channel: 20, product_pdf: '' }));
    const storedFiles = (id: number) => {
      const dir = join(storageRoot(kit.config.dataDir), 'products', String(id));
      return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
    };
    const files = await countRows(kit.db, 'product_files');
    const sized = (lead: Buffer, size: number) => Buffer.concat([lead, Buffer.alloc(size - lead.length, 0x20)]);
    const landing = Buffer.from('<!DOCTYPE html>\n<html><head><title>Landing</title></head><body><h1>Spring offer</h1>');
    for (const [id, name, content, mime, message] of [
      [media, 'banner.png', sized(png, 20_000_001), 'image/png', 'File size exceeds 20MB limit'],
      [twenty, 'landing.html', sized(landing, 5_000_001), 'text/html', 'File size exceeds 5MB limit'],
    ] as const) {
      const res = await upload(id, name, content, kit.as.editor, mime);
      expect(res.statusCode, `${name} ${res.body}`).toBe(413);
      expect(res.json(), name).toEqual({ error: 'Payload Too Large', message });
      expect(storedFiles(id), name).toBe(0);
    }
    expect(await countRows(kit.db, 'product_files')).toBe(files);
    // At the limit it is taken; a video of the same size is within its own limit (100 MB).
    expect((await upload(media, 'banner.png', sized(png, 20_000_000), kit.as.editor, 'image/png')).statusCode).toBe(200);
    const webm = Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d42878104428581021853806701000000000000', 'hex');
    const video = await upload(twenty, 'spot.webm', sized(webm, 20_000_001), kit.as.editor, 'video/webm');
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ payload: { mime: 'video/webm', size: 20_000_001 } });
    // Another channel keeps the 100 MB of every upload: the same image is taken on online display.
    const display = await createProduct(kit, approvableProduct({ media_channel: 5, media_file_url: 'https://ads.example/3' }));
    expect((await upload(display, 'banner.png', sized(png, 20_000_001), kit.as.editor, 'image/png')).statusCode).toBe(200);
  });

  it('online display (channel 5) takes images only', async () => {
    const display = await createProduct(kit, approvableProduct({ media_channel: 5, media_file_url: 'https://ads.example/1' }));
    expect((await upload(display, 'offer.pdf', minimalPdf)).statusCode).toBe(415);
    expect((await upload(display, 'banner.png', png)).statusCode).toBe(200);
  });

  it('refuses unknown or deleted products, callers without the edit grant, and a non-numeric id', async () => {
    expect((await upload(987654, 'offer.pdf', minimalPdf)).statusCode).toBe(404);
    expect((await upload(productId, 'offer.pdf', minimalPdf, kit.as.analyst)).statusCode).toBe(403);
    const res = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.editor, ...multipartHeaders }, payload: Buffer.concat([head({ product_id: 'abc' }, 'a.pdf'), minimalPdf, tail]) });
    expect(res.statusCode).toBe(400);
    const gone = await createProduct(kit, approvableProduct());
    const index = (await kit.db.query<{ index_name: string }>('select index_name from products where product_id = $1', [gone])).rows[0].index_name;
    await kit.app.inject({ method: 'POST', url: '/api/product/soft-delete', headers: kit.as.editor, payload: { data: [{ product_id: gone, index_name: index }] } });
    expect((await upload(gone, 'offer.pdf', minimalPdf)).statusCode).toBe(409);
    expect((await kit.app.inject({ method: 'GET', url: `/api/download/${gone}`, headers: kit.as.editor })).json()).toEqual({ error: 'Not Found', message: 'PDF file does not exist for this product.' });
  });

  it("refuses a file over 1e8 bytes with 413 'File size exceeds 100MB limit', streamed over HTTP without buffering it", { timeout: 180_000 }, async () => {
    const files = await countRows(kit.db, 'product_files');
    const address = await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = kit.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const total = 101; // MiB: more than 1e8 bytes
    async function* body() {
      yield head({ product_id: String(productId) }, 'huge.pdf');
      yield Buffer.from('%PDF-1.4\n');
      for (let i = 0; i < total; i++) yield chunk;
      yield tail;
    }
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/upload-product-media', headers: { ...kit.as.editor, ...multipartHeaders } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      // The server may answer before the last bytes are sent; a reset after that is expected.
      req.on('error', (err) => (req.writableFinished ? undefined : reject(err)));
      Readable.from(body()).pipe(req);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ error: 'Payload Too Large', message: 'File size exceeds 100MB limit' });
    expect(await countRows(kit.db, 'product_files')).toBe(files);
  });

  it("a role with product add but not edit uploads a new product's file, and not a stored product's", async () => {
    // The route asked for edit whatever the call did: a role granted add could not attach a file to the product it adds.
    const roleId = await createRole(kit.db, { role_name: 'upload-adder', all_sectors: true });
    await grant(kit.db, roleId, 'product', ['view', 'add']);
    await createUser(kit.db, { username: 'upload-adder', password: 'upload-adder-password', role_id: roleId });
    const adder = bearer((await signInAs(kit.app, 'upload-adder', 'upload-adder-password')).accessToken);
    const staged = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...adder, ...multipartHeaders }, payload: Buffer.concat([head({ media_channel: '14' }, 'new.pdf'), minimalPdf, tail]) });
    expect(staged.statusCode, staged.body).toBe(200);
    expect(staged.json<{ payload: { staged_upload: string } }>().payload.staged_upload).toBeTruthy();
    const stored = await upload(productId, 'offer.pdf', minimalPdf, adder);
    expect(stored.statusCode, stored.body).toBe(403);
    expect(stored.json<{ message: string }>().message).toBe('You do not have permission');
  });

  it('removes staged files and rows no save claimed within STAGED_UPLOAD_MAX_AGE_H (24 h); claimed and recent ones stay', async () => {
    expect(kit.config.stagedUploadMaxAgeHours).toBe(24);
    expect(loadConfig({ STAGED_UPLOAD_MAX_AGE_H: '2' }).stagedUploadMaxAgeHours).toBe(2);
    expect(() => loadConfig({ STAGED_UPLOAD_MAX_AGE_H: '0' })).toThrow('STAGED_UPLOAD_MAX_AGE_H must be a number > 0, got "0"');
    const root = storageRoot(kit.config.dataDir);
    const storage = fsStorage(root);
    const stage = async (name: string) => {
      const res = await kit.app.inject({ method: 'POST', url: '/api/upload-product-media', headers: { ...kit.as.editor, ...multipartHeaders }, payload: Buffer.concat([head({ media_channel: '14' }, name), minimalPdf, tail]) });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json<{ payload: { staged_upload: string } }>().payload.staged_upload;
      const key = (await kit.db.query<{ storage_key: string }>('select storage_key from staged_uploads where token = $1', [token])).rows[0].storage_key;
      return { token, key };
    };
    const dayAndHourAgo = new Date(Date.now() - 25 * 3_600_000);
    const backdateFile = (key: string) => utimesSync(join(root, key), dayAndHourAgo, dayAndHourAgo);
    const old = await stage('left-behind.pdf');
    const recent = await stage('still-editing.pdf');
    const claimed = await stage('saved.pdf');
    const claimedId = await createProduct(kit, approvableProduct({ product_pdf: '', staged_upload: claimed.token }));
    await kit.db.query("update staged_uploads set created_at = now() - interval '25 hours' where token = $1", [old.token]);
    backdateFile(old.key);
    backdateFile(claimed.key); // a claimed file keeps its staged/ key: old, but a product's file
    // Files without a row (a crash between storing the file and its row), one old, one new.
    await storage.put('staged/orphan-old.pdf', minimalPdf);
    backdateFile('staged/orphan-old.pdf');
    await storage.put('staged/orphan-new.pdf', minimalPdf);

    expect(await pruneStagedUploads(kit.db, storage, kit.config.stagedUploadMaxAgeHours * 3_600_000)).toEqual({ rows: 1, files: 2 });
    const tokens = (await kit.db.query<{ token: string }>('select token from staged_uploads')).rows.map((r) => r.token);
    expect(tokens).not.toContain(old.token);
    expect(tokens).toContain(recent.token);
    expect(await storage.exists(old.key)).toBe(false);
    expect(await storage.exists('staged/orphan-old.pdf')).toBe(false);
    expect(await storage.exists(recent.key)).toBe(true);
    expect(await storage.exists('staged/orphan-new.pdf')).toBe(true);
    expect(await storage.exists(claimed.key)).toBe(true);
    const dl = await kit.app.inject({ method: 'GET', url: `/api/download/${claimedId}`, headers: kit.as.editor });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(minimalPdf)).toBe(true);
    // The pruned upload can no longer be claimed; the recent one still can.
    const late = await kit.app.inject({ method: 'POST', url: '/api/addProduct', headers: kit.as.editor, payload: approvableProduct({ product_pdf: '', staged_upload: old.token }) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'The uploaded file was not found; please upload it again.' });
    const saved = await createProduct(kit, approvableProduct({ product_pdf: '', staged_upload: recent.token }));
    expect((await kit.app.inject({ method: 'GET', url: `/api/download/${saved}`, headers: kit.as.editor })).statusCode).toBe(200);
    // A second pass finds nothing more to remove.
    expect(await pruneStagedUploads(kit.db, storage, 24 * 3_600_000)).toEqual({ rows: 0, files: 0 });
  });
});
