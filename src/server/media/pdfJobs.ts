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

/** What a resample keeps of the page images it replaces: the default page and each turned page's rotation. */
export interface KeptPages {
  default_page: number | null;
  rotations: Record<string, number>;
}

export function keptOf(rows: ReadonlyArray<{ page: number; rotation: number; is_default: boolean }>): KeptPages {
  return {
    default_page: rows.find((r) => r.is_default)?.page ?? null,
    rotations: Object.fromEntries(rows.filter((r) => r.rotation % 360 !== 0).map((r) => [String(r.page), r.rotation % 360])),
  };
}

/** The durable trigger: one row per uploaded PDF, written in the upload's own transaction (a resample passes what to keep). */
export async function enqueuePdfJob(tx: Queryable, fileId: number | string, productId: number, keep: KeptPages | null = null): Promise<void> {
  await tx.query(
    `insert into product_pdf_jobs (file_id, product_id, keep) values ($1, $2, $3::jsonb)
     on conflict (file_id) do update set status = 'pending', attempts = 0, pages_done = 0, error = null, lease_owner = null, lease_until = null, finished_at = null, keep = excluded.keep`,
    [fileId, productId, keep === null ? null : JSON.stringify(keep)],
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
  /** Tests only (PORTAL_TEST_PAUSE_AT=pdf.render): once this page is stored the job holds, so a kill -9 lands mid-render. */
  pauseAfterPage?: number;
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
    if (deps.pauseAfterPage !== undefined && p.page >= deps.pauseAfterPage) await new Promise<void>(() => undefined);
  });
  await timed(pdfRenderSeconds, { kind: 'product_pdf' }, render);
  await applyKept(deps, job);
  await finishPdfJob(db, deps.owner, job);
}

/**
 * A resample's kept rotations, turned into the new images: each turned image is written under a
 * key of its own and its row then names it, so a job run again after a crash turns nothing twice.
 */
async function applyKept({ db, storage }: PdfJobDeps, job: PdfJobRow): Promise<void> {
  const keep = (await db.query<{ keep: KeptPages | null }>('select keep from product_pdf_jobs where file_id = $1', [job.file_id])).rows[0]?.keep;
  if (!keep) return;
  for (const [page, rotation] of Object.entries(keep.rotations)) {
    const row = (await db.query<{ id: string; storage_key: string; thumb_key: string; rotation: number }>('select id::text as id, storage_key, thumb_key, rotation from product_images where file_id = $1 and page = $2', [job.file_id, Number(page)])).rows[0];
    if (!row || row.rotation === rotation) continue;
    const { data, info } = await sharp(await storage.get(row.storage_key)).rotate(rotation).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
    const keys = { image: row.storage_key.replace(/\.jpg$/, `-r${rotation}.jpg`), thumb: row.thumb_key.replace(/\.jpg$/, `-r${rotation}.jpg`) };
    await storage.put(keys.image, data);
    await storage.put(keys.thumb, await makeThumb(data));
    await db.query('update product_images set storage_key = $2, thumb_key = $3, rotation = $4, width = $5, height = $6 where id = $1', [row.id, keys.image, keys.thumb, rotation, info.width, info.height]);
    await storage.delete(row.storage_key);
    await storage.delete(row.thumb_key);
  }
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
    // A resample keeps the default page while the PDF still has it.
    const kept = (await tx.query<{ keep: KeptPages | null }>('select keep from product_pdf_jobs where file_id = $1', [job.file_id])).rows[0]?.keep;
    const keptDefault = kept?.default_page ? pages.rows[kept.default_page - 1]?.id : undefined;
    if (!defaultId && keptDefault) {
      defaultId = keptDefault;
      await tx.query('update product_images set is_default = true where id = $1', [defaultId]);
    }
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

/**
 * Takes one job by its file id when it is open (pending, or running under a lease that ran out), or
 * when `owner` itself holds the lease: a queue job's retry (same owner, queueJobOwner) takes over
 * the render its dead attempt left at once, without waiting out the lease.
 */
export async function claimPdfJobById(db: Db, owner: string, fileId: string): Promise<PdfJobRow | undefined> {
  const r = await db.query<PdfJobRow>(
    `update product_pdf_jobs set status = 'running', attempts = attempts + 1, lease_owner = $1, lease_until = now() + interval '${leaseSeconds} seconds'
     where file_id = $2 and (status = 'pending' or (status = 'running' and (lease_until < now() or lease_owner = $1)))
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

/**
 * The lease owner of a render run by the job queue: the queue job's id, the same on each of its
 * attempts. The queue retries a job whose instance died within seconds (jobLiveness.ts), so the
 * retry resumes the render then; the lease only backs this up.
 */
export const queueJobOwner = (queueJobId: string) => `job:${queueJobId}`;
