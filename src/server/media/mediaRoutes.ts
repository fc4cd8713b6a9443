import type { FastifyInstance } from 'fastify';
import contentDisposition from 'content-disposition';
import sharp from 'sharp';
import type { ImageActionRequest, ImageActionResponse, PdfProcessing, ProductImageItem, UploadPdfResponse, ViewImagesResponse } from '../../api/media';
import { requireAuth } from '../auth/access';
import { requireProductIdAccess } from '../auth/objectAccess';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { parseId } from '../products/parseId';
import { findProduct, recordProductActivity } from '../products/productStore';
import { deletedProductMessage } from '../products/saveProduct';
import { requireDocumentSectors } from '../products/sectorAccess';
import type { FileStorage } from '../storage/FileStorage';
import { kindOfMime } from './kindOfMime';
import { pdfTextPolicy } from './mediaPolicy';
import { enqueuePdfJob, keptOf, makeThumb } from './pdfJobs';
import type { PdfProcessor } from './pdfProcessor';

/** 001 §8 messages of the image actions and the manage-PDF screen. */
export const noPdfMessage = 'PDF file does not exist for this product.';
export const imageErrorMessage = 'some error occured';
export const rotateErrorMessage = 'Product Image not created';

interface ImageRow {
  id: string;
  product_id: string;
  page: number;
  storage_key: string;
  thumb_key: string;
  width: number;
  height: number;
  rotation: number;
  is_default: boolean;
}

const imageItem = (r: ImageRow): ProductImageItem => ({
  id: Number(r.id),
  productID: Number(r.product_id),
  // The rotation in the URL: a rotated image is a new resource for every cache.
  downlaod_url: `/api/product-images/${r.id}?v=${r.rotation}`,
  thumb_url: `/api/product-images/${r.id}?size=thumb&v=${r.rotation}`,
  img_document_default: r.is_default ? 1 : 0,
  img_document_sort: r.page,
  width: r.width,
  height: r.height,
  rotation: r.rotation,
});

const noJob: PdfProcessing = { status: 'none', pages: null, pages_done: 0, error: null };

interface FileRow {
  id: string;
  filename: string;
  mime: string;
  size: string;
  pdf_text: string | null;
  pdf_words: number | null;
}

/**
 * The product's current file with its processing state, read in one statement: on PostgreSQL two
 * reads could straddle the job's commit and report 'done' beside the text from before it.
 */
async function latestFile(db: Queryable, productId: number): Promise<(FileRow & { processing: PdfProcessing }) | undefined> {
  const r = await db.query<FileRow & { status: PdfProcessing['status'] | null; pages: number | null; pages_done: number | null; error: string | null }>(
    `select f.id::text as id, f.filename, f.mime, f.size::text as size, f.pdf_text, f.pdf_words, j.status, j.pages, j.pages_done, j.error
     from product_files f left join product_pdf_jobs j on j.file_id = f.id where f.product_id = $1 order by f.id desc limit 1`,
    [productId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  const { status, pages, pages_done, error, ...file } = row;
  return { ...file, processing: status ? { status, pages, pages_done: pages_done ?? 0, error } : noJob };
}

const imagesOf = (db: Queryable, productId: number, fileId: string) =>
  db.query<ImageRow>('select id::text as id, product_id::text as product_id, page, storage_key, thumb_key, width, height, rotation, is_default from product_images where product_id = $1 and file_id = $2 order by page', [productId, fileId]);

/** A stored product the caller may change (its sectors allowed, not deleted). */
async function editableProduct(ctx: ServerContext, req: Parameters<typeof requireDocumentSectors>[0], productId: number) {
  const product = await findProduct(ctx.db, productId);
  if (!product) throw httpError(404, `Product ${productId} not found`);
  // The object check comes first: a product of another sector is refused whatever its state.
  requireDocumentSectors(req, product.document);
  if (product.is_deleted === 1) throw httpError(409, deletedProductMessage);
  return product;
}

const idBody = {
  type: 'object',
  required: ['product_id', 'document_sort'],
  properties: { product_id: { type: 'integer', minimum: 1 }, document_sort: { type: 'integer', minimum: 1 } },
} as const;

/**
 * The product media routes: the current file's details and text (upload-pdf), the page images
 * (view images, set default, rotate, resample) and the image bytes themselves.
 */
export function registerMediaRoutes(app: FastifyInstance, ctx: ServerContext, storage: FileStorage, processor: () => PdfProcessor | undefined): void {
  const view = { permission: { module: 'product', operation: 'view' } };
  const edit = { permission: { module: 'product', operation: 'edit' } };

  const text = { type: 'string', maxLength: 40 } as const;
  const query = (...names: string[]) => ({ querystring: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, text])) } });

  app.get<{ Querystring: { product_id?: string } }>('/api/upload-pdf', { config: view, schema: query('product_id', 'product_type', 'product_status', 'is_file') }, async (req): Promise<UploadPdfResponse> => {
    const productId = parseId(req.query.product_id);
    const product = await findProduct(ctx.db, productId);
    if (!product) throw httpError(404, `Product ${productId} not found`);
    // Sector limits apply to reads too (issue 11, ASVS V8.2.2).
    requireDocumentSectors(req, product.document);
    const file = await latestFile(ctx.db, productId);
    const original = (await ctx.db.query<{ n: number }>('select count(*)::int as n from product_files where product_id = $1', [productId])).rows[0].n > 1;
    const policy = pdfTextPolicy();
    const doc = product.document;
    const text = file?.pdf_text ?? null;
    const words = file?.pdf_words ?? 0;
    const withheld = words > policy.wordLimit;
    const str = (k: string) => (typeof doc[k] === 'string' && doc[k] !== '' ? (doc[k] as string) : null);
    const num = (k: string) => (typeof doc[k] === 'number' ? (doc[k] as number) : null);
    return {
      statusCode: 200,
      payload: {
        file_path: file ? `/api/download/${productId}` : null,
        filename: file?.filename ?? null,
        mime: file?.mime ?? null,
        kind: file ? kindOfMime(file.mime) : null,
        pdf_text: withheld ? null : text,
        pdf_characters: text?.length ?? 0,
        pdf_words: words,
        pdf_text_withheld: withheld,
        word_limit: policy.wordLimit,
        max_characters: policy.maxChars,
        pdf_content_message: (text?.length ?? 0) > policy.maxChars ? policy.tooLongMessage : null,
        banner_product_path: str('banner_product_path'),
        document_size_byte: num('document_size_byte'),
        original_document_size: num('original_document_size'),
        is_mobile: doc.isMobile === 1 || doc.isMobile === true || doc.ec_content_type === 'mobiledigital',
        pdf_cdn_link: file ? `/api/download/${productId}` : null,
        pdf_cdn_link_orig: original ? `/api/download/${productId}?type=original` : file ? `/api/download/${productId}` : null,
        direct_mail_logfile: str('direct_mail_logfile'),
        processing: file?.processing ?? noJob,
      },
    };
  });

  app.get<{ Querystring: { product_id?: string; product_type?: string; product_status?: string } }>('/api/view-images', { config: view, schema: query('product_id', 'product_type', 'product_status', 'creative_id', 'show') }, async (req): Promise<ViewImagesResponse> => {
    const productId = parseId(req.query.product_id);
    const product = await findProduct(ctx.db, productId);
    if (!product) throw httpError(404, `Product ${productId} not found`);
    requireDocumentSectors(req, product.document);
    const file = await latestFile(ctx.db, productId);
    if (!file) throw httpError(404, noPdfMessage);
    const kind = kindOfMime(file.mime);
    if (req.query.product_type === 'MobileProduct') {
      // 001 §2 Mobile preview: one image or video; status 11 (temp product) shows the creative as
      // first uploaded (the creative path), otherwise the current download.
      if (kind !== 'image' && kind !== 'video') throw httpError(404, 'This product has no image or video to preview.');
      const url = req.query.product_status === '11' ? `/api/download/${productId}?type=original` : `/api/download/${productId}`;
      const item: ProductImageItem = { id: Number(file.id), productID: productId, downlaod_url: url, thumb_url: url, img_document_default: 1, img_document_sort: 1, width: 0, height: 0, rotation: 0, file_type: kind };
      return { statusCode: 200, payload: [item], processing: noJob, pdf_url: null };
    }
    if (kind !== 'pdf') throw httpError(404, noPdfMessage);
    const rows = (await imagesOf(ctx.db, productId, file.id)).rows.map(imageItem);
    // 001 §2: for mobile digital content only the first image is shown.
    const payload = product.document.ec_content_type === 'mobiledigital' ? rows.slice(0, 1) : rows;
    return { statusCode: 200, payload, processing: file.processing, pdf_url: `/api/download/${productId}` };
  });

  app.get<{ Params: { id: string }; Querystring: { size?: string } }>('/api/product-images/:id', { config: view, schema: query('size') }, async (req, reply) => {
    const id = parseId(req.params.id, 'image id');
    const r = await ctx.db.query<ImageRow>('select id::text as id, product_id::text as product_id, page, storage_key, thumb_key from product_images where id = $1', [id]);
    const row = r.rows[0];
    if (!row) throw httpError(404, imageErrorMessage);
    // A page image is its product's: the product's sectors gate it (issue 11).
    await requireProductIdAccess(ctx.db, req, Number(row.product_id));
    const thumb = req.query.size === 'thumb';
    const bytes = await storage.get(thumb ? row.thumb_key : row.storage_key);
    return reply
      .type('image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', contentDisposition(`page-${row.page}${thumb ? '-thumb' : ''}.jpg`, { type: 'inline' }))
      .send(bytes);
  });

  /** The page image of the product's current PDF with that page number. */
  async function pageImage(db: Queryable, productId: number, page: number): Promise<ImageRow> {
    const file = await latestFile(db, productId);
    if (!file) throw httpError(404, noPdfMessage);
    const r = await db.query<ImageRow>(
      'select id::text as id, product_id::text as product_id, page, storage_key, thumb_key, width, height, rotation, is_default from product_images where file_id = $1 and page = $2',
      [file.id, page],
    );
    if (!r.rows[0]) throw httpError(404, imageErrorMessage);
    return r.rows[0];
  }

  app.post<{ Body: ImageActionRequest }>('/api/view-images/default', { config: edit, schema: { body: idBody } }, async (req): Promise<ImageActionResponse> => {
    const auth = requireAuth(req);
    await editableProduct(ctx, req, req.body.product_id);
    const row = await ctx.db.transaction(async (tx) => {
      const img = await pageImage(tx, req.body.product_id, req.body.document_sort);
      await tx.query('update product_images set is_default = (id = $2) where product_id = $1', [req.body.product_id, img.id]);
      const product = await findProduct(tx, req.body.product_id, { forUpdate: true });
      if (product) {
        const after = { ...product.document, banner_product_path: `/api/product-images/${img.id}` };
        await tx.query('update products set document = $2::jsonb, last_worked_user = $3, updated_at = now() where product_id = $1', [req.body.product_id, JSON.stringify(after), auth.username]);
      }
      await recordProductActivity(tx, auth, req.body.product_id, 'default_image', null, { img_document_sort: img.page });
      return { ...img, is_default: true };
    });
    return { statusCode: 200, payload: imageItem(row) };
  });

  app.post<{ Body: ImageActionRequest }>('/api/rotate-images', { config: edit, schema: { body: idBody } }, async (req): Promise<ImageActionResponse> => {
    const auth = requireAuth(req);
    await editableProduct(ctx, req, req.body.product_id);
    const img = await pageImage(ctx.db, req.body.product_id, req.body.document_sort);
    let size: { width: number; height: number };
    try {
      // 90° clockwise; the stored image itself turns, and its thumbnail is made again from it.
      const { data, info } = await sharp(await storage.get(img.storage_key)).rotate(90).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
      await storage.put(img.storage_key, data);
      await storage.put(img.thumb_key, await makeThumb(data));
      size = { width: info.width, height: info.height };
    } catch (err) {
      req.log.error({ err }, 'rotate failed');
      throw httpError(500, rotateErrorMessage);
    }
    const rotation = (img.rotation + 90) % 360;
    await ctx.db.transaction(async (tx) => {
      await tx.query('update product_images set rotation = $2, width = $3, height = $4 where id = $1', [img.id, rotation, size.width, size.height]);
      await recordProductActivity(tx, auth, req.body.product_id, 'rotate_image', null, { img_document_sort: img.page, rotation });
    });
    return { statusCode: 200, payload: imageItem({ ...img, ...size, rotation }) };
  });

  app.post<{ Params: { id: string } }>('/api/resample/:id', { config: edit }, async (req) => {
    const auth = requireAuth(req);
    const productId = parseId(req.params.id);
    await editableProduct(ctx, req, productId);
    const file = await latestFile(ctx.db, productId);
    if (!file || kindOfMime(file.mime) !== 'pdf') throw httpError(404, noPdfMessage);
    const state = file.processing;
    if (state.status === 'pending' || state.status === 'running') throw httpError(409, 'The PDF is still being processed.');
    // Render every page again from the PDF; the job gives the new images the default page and the
    // rotations they had, where those pages still exist (issue 27 item 9).
    const old = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ storage_key: string; thumb_key: string; page: number; rotation: number; is_default: boolean }>(
        'delete from product_images where file_id = $1 returning storage_key, thumb_key, page, rotation, is_default',
        [file.id],
      );
      await enqueuePdfJob(tx, file.id, productId, keptOf(rows.rows));
      await recordProductActivity(tx, auth, productId, 'resample', null, { file_id: Number(file.id) });
      return rows.rows;
    });
    for (const r of old) {
      await storage.delete(r.storage_key);
      await storage.delete(r.thumb_key);
    }
    processor()?.wake();
    return { statusCode: 200, message: 'The page images are being made again.' };
  });
}
