import type { EmailBody, EmailDetail, EmailHead } from '../../api/emailTypes';
import type { Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** GET email/{muid}: email_subject, deleted, index_name (000 §7). */
export async function emailHead(db: Queryable, muid: number): Promise<EmailHead | null> {
  const r = await db.query<EmailHead>('select muid, email_subject, deleted, index_name from emails where muid = $1', [muid]);
  return r.rows[0] ? { ...r.rows[0], muid: Number(r.rows[0].muid) } : null;
}

/** GET email detail/{muid}: the email with its panelist (name, state, age) and attachments. */
export async function emailDetail(db: Queryable, muid: number): Promise<EmailDetail | null> {
  const r = await db.query<Record<string, unknown>>(
    `select e.muid, e.row_version, e.deleted, e.panelist_core, e.panelist_score, e.email_read, e.email_subject, e.email_from_one, e.email_from_name,
       e.email_date, e.index_name, e.panelist_id, e.panelist_type, e.has_attachment, e.competi_id, e.entry_id, e.flags,
       e.email_to, e.email_cc, e.mimetype, e.html_body, e.text_body, e.panelist_score as points,
       s."stateName" as state, p.age, p.first_name, p.last_name
     from emails e left join panelists p on p.panelist_id = e.panelist_id left join states s on s."stateID" = p."stateID"
     where e.muid = $1`,
    [muid],
  );
  const row = r.rows[0];
  if (!row) return null;
  const att = await db.query<{ id: number; filename: string; content_type: string; size: number; content_id: string | null }>(
    'select id, filename, content_type, size, content_id from email_attachments where muid = $1 order by id',
    [muid],
  );
  return {
    ...(row as unknown as EmailDetail),
    muid: Number(row.muid),
    panelist_id: row.panelist_id === null ? null : Number(row.panelist_id),
    competi_id: row.competi_id === null ? null : Number(row.competi_id),
    email_date: iso(row.email_date),
    flags: Array.isArray(row.flags) ? (row.flags as string[]) : [],
    attachments: att.rows.map((a) => ({ ...a, id: Number(a.id) })),
  };
}

/** The bodies the popups render: HTML as received (the browser sanitises it) and the text part. */
export async function emailBody(db: Queryable, muid: number): Promise<EmailBody | null> {
  const r = await db.query<{ muid: number; email_subject: string; html_body: string | null; text_body: string | null; email_date: unknown }>(
    'select muid, email_subject, html_body, text_body, email_date from emails where muid = $1',
    [muid],
  );
  const row = r.rows[0];
  return row ? { muid: Number(row.muid), subject: row.email_subject, html: row.html_body, text: row.text_body, email_date: iso(row.email_date) } : null;
}

/** The raw RFC 822 message, for View Original: in the row, or in the file store (a range of a batch's pack file). */
export async function emailRaw(db: Queryable, muid: number, storage: Pick<FileStorage, 'get' | 'getRange'>): Promise<Buffer | null> {
  const r = await db.query<{ raw: Uint8Array | null; storage_key: string | null; raw_offset: string | null; raw_length: number | null }>(
    'select raw, storage_key, raw_offset::text as raw_offset, raw_length from email_raw where muid = $1',
    [muid],
  );
  const row = r.rows[0];
  if (!row) return null;
  if (row.raw) return Buffer.from(row.raw);
  if (!row.storage_key) return null;
  // An import batch's pack file holds its messages back to back: read only this message's bytes.
  if (row.raw_offset === null || row.raw_length === null) return storage.get(row.storage_key);
  return storage.getRange(row.storage_key, Number(row.raw_offset), row.raw_length);
}
