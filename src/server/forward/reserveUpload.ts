import type { Db, Queryable } from '../db/Db';

/** Serialises the reservations of one email's forward attachments across instances. */
const uploadLockSpace = 7_100_027;
/** A reservation whose upload has not finished by then is abandoned (its instance died). */
const staleAfter = "interval '1 hour'";

export interface UploadReservation {
  ceafid: number;
  /** Bytes the upload may write. */
  bytes: number;
  /** Storage keys of abandoned reservations removed on the way (the caller deletes their files). */
  abandoned: string[];
}

/**
 * Reserves room for one upload in the forward's total before a byte is stored (issue 26: ten
 * parallel uploads may not exceed the limit). Under a per-email advisory lock, the files of the
 * forward and the caller's pending ones (efid null), finished or still streaming, are added up;
 * the new row (complete = false) holds `min(want, room)` until the upload finishes and records its
 * real size. Null when there is no room left.
 */
export async function reserveUpload(
  db: Db,
  r: { muid: number; efid: number | null; ownerId: number; username: string; want: number; max: number; storageKey: string },
): Promise<UploadReservation | null> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, $2)', [uploadLockSpace, r.muid]);
    const gone = await tx.query<{ storage_key: string }>(
      `delete from forward_attachments where muid = $1 and not complete and ceafdate < now() - ${staleAfter} returning storage_key`,
      [r.muid],
    );
    const used = await tx.query<{ used: string | null }>(
      'select sum(size) as used from forward_attachments where muid = $1 and (efid = $2 or (efid is null and owner_id = $3))',
      [r.muid, r.efid ?? 0, r.ownerId],
    );
    const room = r.max - Number(used.rows[0]?.used ?? 0);
    if (room <= 0) return null;
    const bytes = Math.min(room, Math.max(1, r.want));
    const ins = await tx.query<{ ceafid: string }>(
      `insert into forward_attachments (muid, efid, filename, mime, size, sha256, storage_key, created_by, owner_id, complete)
       values ($1, $2, '', '', $3, '', $4, $5, $6, false) returning ceafid`,
      [r.muid, r.efid, bytes, r.storageKey, r.username, r.ownerId],
    );
    return { ceafid: Number(ins.rows[0]!.ceafid), bytes, abandoned: gone.rows.map((g) => g.storage_key) };
  });
}

/** The upload finished: the row takes the file's real size, name, type and hash. */
export async function completeUpload(db: Queryable, ceafid: number, file: { filename: string; mime: string; size: number; sha256: string }): Promise<void> {
  await db.query('update forward_attachments set filename = $2, mime = $3, size = $4, sha256 = $5, complete = true, ceafdate = now() where ceafid = $1', [
    ceafid, file.filename, file.mime, file.size, file.sha256,
  ]);
}

/** The upload failed or was refused: its reservation is given back. */
export async function releaseUpload(db: Queryable, ceafid: number): Promise<void> {
  await db.query('delete from forward_attachments where ceafid = $1 and not complete', [ceafid]);
}
