import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { enqueuePdfJob } from '../media/pdfJobs';

export interface StagedUpload {
  storage_key: string;
  filename: string;
  mime: string;
  size: string;
  sha256: string;
  kind: 'pdf' | 'media';
}

/**
 * Takes a file staged before a product's first save (POST /api/upload-product-media without a
 * product id), inside the save's transaction: only the user who uploaded it can take it, once.
 */
export async function takeStagedUpload(tx: Queryable, token: string, username: string): Promise<StagedUpload> {
  const r = await tx.query<StagedUpload>(
    'delete from staged_uploads where token = $1 and created_by = $2 returning storage_key, filename, mime, size::text as size, sha256, kind',
    [token, username],
  );
  if (!r.rows[0]) throw httpError(400, 'The uploaded file was not found; please upload it again.');
  return r.rows[0];
}

/** The document fields the upload route sets for a product's file. */
export function stagedUploadFields(f: StagedUpload, productId: number): Record<string, unknown> {
  const size = Number(f.size);
  return { product_pdf: `/api/download/${productId}`, file_name: f.filename, file_type: f.mime, document_size_byte: size, original_document_size: size };
}

/** Records the taken file as the (just inserted) product's, and queues a PDF's processing. */
export async function attachStagedUpload(tx: Queryable, f: StagedUpload, productId: number, username: string): Promise<void> {
  const file = await tx.query<{ id: string }>(
    'insert into product_files (product_id, storage_key, filename, mime, size, sha256, kind, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text as id',
    [productId, f.storage_key, f.filename, f.mime, f.size, f.sha256, f.kind, username],
  );
  if (f.kind === 'pdf') await enqueuePdfJob(tx, file.rows[0].id, productId);
}
