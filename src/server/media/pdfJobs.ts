import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db, Queryable } from '../db/Db';
import { pdfRenderSeconds, timed } from '../metrics/portalMetrics';
import { findProduct, recordProductActivity } from '../products/productStore';
import type { FileStorage } from '../storage/FileStorage';
import { countWords, pdfTextPolicy } from './mediaPolicy';
import { PdfRefused } from './pdfLimits';
import { renderPdfInWorker } from './renderPdfInWorker';

/** Page images are rendered this wide (pixels); thumbnails are scaled from them. */
export const pageImageWidth = 1000;
export const thumbWidth = 180;
const maxAttempts = 3;
/** A running job's lease; renewed after every page, so a dead process's job is taken over after it. */
const leaseSeconds = 60;

export interface PdfJobRow {
  file_id: string;
  product_id: string;
  attempts: number;
}

/** The durable trigger: one row per uploaded PDF, written in the upload's own transaction. */
export async function enqueuePdfJob(tx: Queryable, fileId: number | string, productId: number): Promise<void> {
  await tx.query(
    `insert into product_pdf_jobs (file_id, product_id) values ($1, $2)
     on conflict (file_id) do update set status = 'pending', attempts = 0, pages_done = 0, error = null, lease_owner = null, lease_until = null, finished_at = null`,
    [fileId, productId],
  );
}

export const pageKeys = (productId: number | string, fileId: number | string, page: number) => ({
  image: `products/${productId}/pages/${fileId}/${page}.jpg`,
  thumb: `products/${productId}/pages/${fileId}/${page}-thumb.jpg`,
});

/** A thumbnail of a page image, thumbWidth pixels wide. */
export function makeThumb(jpeg: Uint8Array): Promise<Buffer> {
  return sharp(jpeg).resize({ width: thumbWidth }).jpeg({ quality: 78 }).toBuffer();
}

export interface PdfJobDeps {
  db: Db;
  storage: FileStorage;
  /** Who holds the lease (one id per running processor). */
  owner: string;
  signal?: AbortSignal;
}

/**
 * Processes one PDF (idempotent, resumable): renders the pages not stored yet as page images and
 * thumbnails with their text, then, once, marks the job done, fills the product's pdf_content
 * (the first maxChars characters), sets page 1 as the default preview when none is, and writes
 * one activity row. A second run of a finished job changes nothing.
 */
export async function runPdfJob(deps: PdfJobDeps, job: PdfJobRow): Promise<void> {
  const { db, storage } = deps;
  const file = (await db.query<{ storage_key: string }>('select storage_key from product_files where id = $1', [job.file_id])).rows[0];
  if (!file) return;
  const stored = await db.query<{ n: number }>('select coalesce(max(page), 0)::int as n from product_images where file_id = $1', [job.file_id]);
  const bytes = await storage.get(file.storage_key);
  const render = () => renderPdfInWorker(bytes, { width: pageImageWidth, from: stored.rows[0].n + 1, signal: deps.signal }, async (p) => {
    const keys = pageKeys(job.product_id, job.file_id, p.page);
    await storage.put(keys.image, p.jpeg);
    await storage.put(keys.thumb, await makeThumb(p.jpeg));
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into product_images (product_id, file_id, page, storage_key, thumb_key, width, height, text) values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (file_id, page) do update set storage_key = excluded.storage_key, thumb_key = excluded.thumb_key, width = excluded.width, height = excluded.height, text = excluded.text, rotation = 0`,
        [job.product_id, job.file_id, p.page, keys.image, keys.thumb, p.width, p.height, p.text],
      );
      await tx.query(`update product_pdf_jobs set pages = $2, pages_done = $3, lease_until = now() + interval '${leaseSeconds} seconds' where file_id = $1 and lease_owner = $4`, [job.file_id, p.pages, p.page, deps.owner]);
    });
  });
  await timed(pdfRenderSeconds, { kind: 'product_pdf' }, render);
  await finishPdfJob(db, deps.owner, job);
}

async function finishPdfJob(db: Db, owner: string, job: PdfJobRow): Promise<void> {
  const policy = pdfTextPolicy();
  await db.transaction(async (tx) => {
    const claimed = await tx.query(`update product_pdf_jobs set status = 'done', finished_at = now(), lease_owner = null, lease_until = null, error = null where file_id = $1 and lease_owner = $2 and status = 'running' returning file_id`, [job.file_id, owner]);
    // Someone else finished it (our lease ran out): nothing more to do, exactly once.
    if (!claimed.rows.length) return;
    const pages = await tx.query<{ id: string; text: string; is_default: boolean }>('select id::text as id, text, is_default from product_images where file_id = $1 order by page', [job.file_id]);
    const text = pages.rows.map((r) => r.text).join('\n\n');
    await tx.query('update product_files set pdf_text = $2, pdf_words = $3 where id = $1', [job.file_id, text, countWords(text)]);
    let defaultId = pages.rows.find((r) => r.is_default)?.id;
    if (!defaultId && pages.rows[0]) {
      defaultId = pages.rows[0].id;
      await tx.query('update product_images set is_default = true where id = $1', [defaultId]);
    }
    await tx.query(`update product_pdf_jobs set pages = $2, pages_done = $2 where file_id = $1`, [job.file_id, pages.rows.length]);
    const product = await findProduct(tx, Number(job.product_id), { forUpdate: true });
    const latest = await tx.query<{ id: string }>('select id::text as id from product_files where product_id = $1 order by id desc limit 1', [job.product_id]);
    // Only the product's current file speaks for its pdf_content and preview.
    if (product && latest.rows[0]?.id === String(job.file_id)) {
      const patch: Record<string, unknown> = { pdf_content: text.slice(0, policy.maxChars) };
      if (defaultId) patch.banner_product_path = `/api/product-images/${defaultId}`;
      const after = { ...product.document, ...patch };
      await tx.query('update products set document = $2::jsonb, updated_at = now() where product_id = $1', [job.product_id, JSON.stringify(after)]);
    }
    await recordProductActivity(tx, null, Number(job.product_id), 'pdf_processed', null, { file_id: Number(job.file_id), pages: pages.rows.length, characters: text.length });
  });
}

/** Takes the next open job: pending, or running under a lease that ran out (its process died). */
export async function claimPdfJob(db: Db, owner: string): Promise<PdfJobRow | undefined> {
  const r = await db.query<PdfJobRow>(
    `update product_pdf_jobs set status = 'running', attempts = attempts + 1, lease_owner = $1, lease_until = now() + interval '${leaseSeconds} seconds'
     where file_id = (select file_id from product_pdf_jobs where status = 'pending' or (status = 'running' and lease_until < now()) order by created_at, file_id limit 1 for update skip locked)
     returning file_id::text as file_id, product_id::text as product_id, attempts`,
    [owner],
  );
  return r.rows[0];
}

/** Takes one job by its file id when it is open (pending, or running under a lease that ran out). */
export async function claimPdfJobById(db: Db, owner: string, fileId: string): Promise<PdfJobRow | undefined> {
  const r = await db.query<PdfJobRow>(
    `update product_pdf_jobs set status = 'running', attempts = attempts + 1, lease_owner = $1, lease_until = now() + interval '${leaseSeconds} seconds'
     where file_id = $2 and (status = 'pending' or (status = 'running' and lease_until < now()))
     returning file_id::text as file_id, product_id::text as product_id, attempts`,
    [owner, fileId],
  );
  return r.rows[0];
}

/** The open jobs: pending, or running under a lease that ran out. */
export async function openPdfJobs(db: Db): Promise<string[]> {
  const r = await db.query<{ file_id: string }>(`select file_id::text as file_id from product_pdf_jobs where status = 'pending' or (status = 'running' and lease_until < now()) order by created_at, file_id`);
  return r.rows.map((x) => x.file_id);
}

/**
 * After a failure: try again later, or give up after maxAttempts with the reason; a PDF refused for
 * its cost (PdfRefused) is given up at once. Giving up leaves a row in the product's activity log
 * with the reason (the product's Manage PDF screen shows it too).
 */
export async function failPdfJob(db: Db, owner: string, job: PdfJobRow, err: unknown): Promise<void> {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  await db.transaction(async (tx) => {
    const r = await tx.query<{ status: string }>(
      `update product_pdf_jobs set status = case when attempts >= $3 or $5 then 'failed' else 'pending' end, error = $4, lease_owner = null, lease_until = null,
         finished_at = case when attempts >= $3 or $5 then now() else null end
       where file_id = $1 and lease_owner = $2 returning status`,
      [job.file_id, owner, maxAttempts, message, err instanceof PdfRefused],
    );
    if (r.rows[0]?.status === 'failed') await recordProductActivity(tx, null, Number(job.product_id), 'pdf_failed', null, { file_id: Number(job.file_id), error: message });
  });
}

export const newOwnerId = () => `pdf-${process.pid}-${randomBytes(4).toString('hex')}`;
