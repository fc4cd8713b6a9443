import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { UploadResponse } from '../../api/products';
import { noPermissionMessage, requireAuth } from '../auth/access';
import { hasPermission } from '../auth/AuthContext';
import { httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { registerMediaRoutes } from '../media/mediaRoutes';
import { registerProductWindowRoutes } from '../media/productWindowRoutes';
import { enqueuePdfJob } from '../media/pdfJobs';
import { startPdfProcessor, type PdfProcessor } from '../media/pdfProcessor';
import { storageFor } from '../storage/storageFor';
import { parseId } from './parseId';
import { changedKeys, findProduct, recordProductActivity } from './productStore';
import { editorIdOf } from './editorIdOf';
import { deletedProductMessage } from './saveProduct';
import { requireDocumentSectors } from './sectorAccess';
import { requireProductIdAccess } from '../auth/objectAccess';
import contentDisposition from 'content-disposition';
import { sniffBytes, sniffUpload } from './sniffUpload';
import { nameFitsType, typeOfSniffed } from '../../engine/policy/uploadTypes';
import { productEngine } from './productEngine';
import { startStagedUploadPruning, stagedFolder } from './pruneStagedUploads';
import { uploadLimit, uploadSizeRules, uploadTypes } from './uploadTypes';

class TooLarge extends Error {}

/** A file name safe to show and to put in a Content-Disposition header. */
const cleanName = (name: string) => name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';

/**
 * Product PDF / media upload (001 §2 Media block, §5 File input, §7 upload and download): one
 * multipart file streamed to FileStorage (never held in memory), its type decided by content
 * sniffing against the allow-list (415 'Invalid file type'), at most 1e8 bytes (413 'File size
 * exceeds 100MB limit') or the channel's limit for the file's kind (413 with that rule's message);
 * the product document then points at GET /api/download/{product_id}.
 */
export const uploadRoutes: RoutePlugin = async (app, { ctx }) => {
  const storage = storageFor(ctx.config);
  // The parser's cut-off is the largest upload the rules allow, read per request (req.file below).
  await app.register(multipart, { limits: { files: 1, fields: 30, fieldSize: 1_000_000, parts: 40 } });
  // PDF pages and text are made in the background; the processor lives as long as the server.
  let processor: PdfProcessor | undefined;
  app.addHook('onReady', async () => {
    processor = startPdfProcessor({ db: ctx.db, storage, log: app.log, jobs: ctx.jobs, pauseAfterPage: ctx.config.testPauseAt === 'pdf.render' ? 2 : undefined });
  });
  app.addHook('onClose', async () => {
    await processor?.stop();
  });
  // Files of new products nobody saved go after STAGED_UPLOAD_MAX_AGE_H.
  startStagedUploadPruning(app, ctx.db, storage, ctx.config.stagedUploadMaxAgeHours * 3_600_000);
  registerMediaRoutes(app, ctx, storage, () => processor);
  registerProductWindowRoutes(app, ctx, storage);

  app.post<{ Querystring: { product_id?: string } }>('/api/upload-product-media', { config: { permission: { module: 'product', operation: 'edit', also: ['add'] } }, schema: { querystring: { type: 'object', properties: { product_id: { type: 'string', maxLength: 20 } } } } }, async (req): Promise<UploadResponse> => {
    const auth = requireAuth(req);
    const { engine } = productEngine();
    const { message: fileTooLargeMessage, maxBytes } = uploadLimit(engine);
    const part = await req.file({ limits: { fileSize: maxBytes } });
    if (!part) throw httpError(400, 'No file was uploaded.');
    const field = part.fields.product_id;
    const fieldValue = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
    const channelField = part.fields.media_channel;
    const channelValue = channelField && !Array.isArray(channelField) && channelField.type === 'field' ? channelField.value : undefined;
    const idValue = req.query.product_id ?? fieldValue;
    // No product id: a new product's file, staged until its first save claims it.
    const staged = idValue === undefined || idValue === '';
    let productId = 0;
    // The upload rules read the product's document; a staged file has only the chosen channel.
    let document: Record<string, unknown>;
    try {
      if (staged) {
        if (!hasPermission(auth, 'product', 'add')) throw httpError(403, noPermissionMessage);
        document = { media_channel: Number.isInteger(Number(channelValue)) && channelValue !== '' ? Number(channelValue) : null };
      } else {
        productId = parseId(idValue);
        // A stored product's file changes the product: edit (the route also lets add through, for a new product's file).
        if (!hasPermission(auth, 'product', 'edit')) throw httpError(403, noPermissionMessage);
        const product = await findProduct(ctx.db, productId);
        if (!product) throw httpError(404, `Product ${productId} not found`);
        requireDocumentSectors(req, product.document);
        if (product.is_deleted === 1) throw httpError(409, deletedProductMessage);
        document = product.document;
      }
    } catch (err) {
      part.file.destroy();
      throw err;
    }

    // Sniff the leading bytes; the rest streams straight through to storage.
    const it = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headSize = 0;
    let ended = false;
    while (headSize < sniffBytes) {
      const r = await it.next();
      if (r.done) {
        ended = true;
        break;
      }
      head.push(r.value);
      headSize += r.value.length;
    }
    const first = Buffer.concat(head);
    if (part.file.truncated) throw httpError(413, fileTooLargeMessage);
    // The content decides the type; a name that says another type counts as no allowed type. The
    // channel's upload rules (rules/product/upload.json) then decide, with the channel's message.
    const types = uploadTypes(engine);
    const sniffed = headSize ? await sniffUpload(first.subarray(0, sniffBytes)) : undefined;
    const found = sniffed === undefined ? undefined : typeOfSniffed(types, sniffed);
    const type = found && nameFitsType(types, part.filename, found) ? found : undefined;
    const upload = { file_name: part.filename, file_size: headSize, mime_type: part.mimetype };
    const facts = { ...document, upload, upload_type: type?.mime ?? null, upload_kind: type?.kind ?? null };
    // Size is judged on the whole file below (413); here the type (415).
    const sizeRules = uploadSizeRules(engine);
    const refused = engine.evaluate(facts, { action: 'upload' }).errors.filter((e) => !sizeRules.has(e.rule));
    if (!type || refused.length) {
      part.file.destroy();
      throw httpError(415, refused[0]?.message ?? 'Invalid file type');
    }
    // This file's size limit: the channel's limit for its kind when there is one (channels 19 and
    // 20), the 100MB of every upload otherwise; checked while the bytes stream in.
    const limit = uploadLimit(engine, facts);

    const hash = createHash('sha256');
    let size = 0;
    const file = part.file;
    async function* body(): AsyncGenerator<Buffer> {
      hash.update(first);
      size += first.length;
      yield first;
      while (!ended) {
        const r = await it.next();
        if (r.done) break;
        hash.update(r.value);
        size += r.value.length;
        yield r.value;
        // Stop at the limit instead of reading to the end of the part.
        if (file.truncated || size > limit.maxBytes) throw new TooLarge();
      }
      if (file.truncated || size > limit.maxBytes) throw new TooLarge();
    }
    const kind = type.kind === 'pdf' ? 'pdf' : 'media';
    const ext = type.names[0] ?? 'bin';
    const token = randomBytes(18).toString('base64url');
    const key = staged ? `${stagedFolder}/${token}.${ext}` : `products/${productId}/${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
    try {
      await storage.put(key, Readable.from(body()));
    } catch (err) {
      if (err instanceof TooLarge) {
        // Discard the rest of the request body so the answer reaches the client.
        file.resume();
        throw httpError(413, limit.message);
      }
      throw err;
    }
    const filename = cleanName(part.filename);
    const productPdf = `/api/download/${productId}`;
    const sha256 = hash.digest('hex');
    if (staged) {
      try {
        await ctx.db.query(
          'insert into staged_uploads (token, storage_key, filename, mime, size, sha256, kind, media_channel, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [token, key, filename, type.mime, size, sha256, kind, document.media_channel ?? null, auth.username],
          { prepare: true },
        );
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
      return { statusCode: 200, payload: { product_id: null, filename, mime: type.mime, size, kind, product_pdf: null, staged_upload: token } };
    }
    try {
      await ctx.db.transaction(async (tx) => {
        const row = await findProduct(tx, productId, { forUpdate: true });
        if (!row) throw httpError(404, `Product ${productId} not found`);
        const file = await tx.query<{ id: string }>(
          'insert into product_files (product_id, storage_key, filename, mime, size, sha256, kind, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text as id',
          [productId, key, filename, type.mime, size, sha256, kind, auth.username],
        );
        if (kind === 'pdf') await enqueuePdfJob(tx, file.rows[0].id, productId);
        const patch = { product_pdf: productPdf, file_name: filename, file_type: type.mime, document_size_byte: size, original_document_size: size };
        const after = { ...row.document, ...patch };
        await tx.query('update products set document = $2::jsonb, last_worked_user = $3, updated_at = now() where product_id = $1', [productId, JSON.stringify(after), auth.username]);
        const diff = changedKeys(row.document, after);
        // The editor's own upload is no conflict for its next save; one from another tab of the same user is.
        await recordProductActivity(tx, auth, productId, 'upload', diff.before, { ...diff.after, file_name: filename, sha256 }, editorIdOf(req));
      });
    } catch (err) {
      await storage.delete(key);
      throw err;
    }
    if (kind === 'pdf') processor?.wake();
    return { statusCode: 200, payload: { product_id: productId, filename, mime: type.mime, size, kind, product_pdf: productPdf } };
  });

  app.get<{ Params: { product_id: string }; Querystring: { type?: string } }>(
    '/api/download/:product_id',
    { config: { permission: { module: 'product', operation: 'view' } }, schema: { querystring: { type: 'object', properties: { type: { enum: ['original', 'latest'] } } } } },
    async (req, reply) => {
      const productId = parseId(req.params.product_id);
      await requireProductIdAccess(ctx.db, req, productId);
      const order = req.query.type === 'original' ? 'asc' : 'desc';
      const r = await ctx.db.query<{ storage_key: string; filename: string; mime: string; size: string }>(
        `select storage_key, filename, mime, size::text as size from product_files where product_id = $1 order by id ${order} limit 1`,
        [productId],
      );
      const f = r.rows[0];
      if (!f) throw httpError(404, 'PDF file does not exist for this product.');
      const stream = await storage.stream(f.storage_key);
      return reply
        .type(f.mime)
        .header('content-length', f.size)
        .header('x-content-type-options', 'nosniff')
        // SVG and HTML can carry script: never render an upload as a page of this origin. The CSP
        // sandbox gives it an opaque origin with no scripts; the editor's preview may frame it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; sandbox; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        // RFC 6266/5987 for any file name (资料.pdf): an ASCII fallback and the UTF-8 filename*.
        .header('content-disposition', contentDisposition(f.filename, { type: 'inline' }))
        .send(stream);
    },
  );
};
