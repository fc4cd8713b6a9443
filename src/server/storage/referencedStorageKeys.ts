import type { Queryable } from '../db/Db';

/**
 * Every storage key a row points at: raw message packs, attachments, product files and their page
 * images, forward attachments, staged uploads, and each email's cached processed PDF (whose row is
 * the email). A file outside this set has no row; a key in it without a file is a row without its file.
 */
export async function referencedStorageKeys(db: Queryable): Promise<Set<string>> {
  const r = await db.query<{ key: string }>(
    `select storage_key as key from email_raw where storage_key is not null
     union select storage_key from email_attachments where storage_key is not null
     union select storage_key from product_files
     union select storage_key from product_images
     union select thumb_key from product_images
     union select storage_key from forward_attachments
     union select storage_key from staged_uploads`,
  );
  return new Set(r.rows.map((row) => row.key));
}

/** Derived files kept beside a row rather than named by one (`emails/<muid>/processed.pdf`): the muid they belong to. */
export function derivedFileOwner(key: string): number | null {
  const m = /^emails\/(\d+)\/processed\.pdf$/.exec(key);
  return m ? Number(m[1]) : null;
}
