import type { EmailAttachmentInfo } from '../../api/emailTypes';
import type { ForwardAttachment, ForwardedEmail } from '../../api/forwardTypes';
import type { Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';
import { inlineImages } from './emailParts';
import { textToHtml } from '../../shared/html/textToHtml';
import { sanitizeForward } from './sanitizeForward';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v ?? ''));

export interface ForwardRow {
  efid: number;
  muid: number;
  efdate: string;
  forward_subject: string;
  forward_from: string;
  forward_to: string;
  cc: string;
  draft_to: string;
  draft_cc: string;
  body: string;
  message: string;
  created_by: string;
  /** The creator's user id: only they (or an administrator) may edit, send or delete the forward. */
  owner_id: number | null;
  sent_at: string | null;
}

export async function findForward(db: Queryable, muid: number, efid: number): Promise<ForwardRow | null> {
  const r = await db.query<ForwardRow>('select * from forwarded_emails where efid = $1 and muid = $2', [efid, muid]);
  const row = r.rows[0];
  return row
    ? { ...row, efid: Number(row.efid), muid: Number(row.muid), owner_id: row.owner_id === null ? null : Number(row.owner_id), efdate: iso(row.efdate), sent_at: row.sent_at ? iso(row.sent_at) : null }
    : null;
}

/** The email's forwards, newest first; `mine` says whether the caller may edit, send or delete each (its creator or an administrator). */
export async function listForwards(db: Queryable, muid: number, userId: number, admin: boolean): Promise<ForwardedEmail[]> {
  const r = await db.query<ForwardRow>('select * from forwarded_emails where muid = $1 order by efid desc', [muid]);
  return r.rows.map((f) => ({
    id: Number(f.efid),
    efid: Number(f.efid),
    ids: Number(f.efid),
    efdate: iso(f.efdate),
    forward_subject: f.forward_subject,
    subject: f.forward_subject,
    forward_from: f.forward_from,
    forward_to: f.forward_to,
    cc: f.cc,
    created_by: f.created_by,
    sent_at: f.sent_at ? iso(f.sent_at) : null,
    mine: admin || (f.owner_id !== null && Number(f.owner_id) === userId),
  }));
}

/** The email's HTML (or its text) sanitised, with cid: images resolved: the start of every forward. */
export async function originalHtml(db: Queryable, muid: number, storage: Pick<FileStorage, 'get'>): Promise<{ html: string; subject: string; from: string; date: string } | null> {
  const r = await db.query<{ html_body: string | null; text_body: string | null; email_subject: string; email_from_one: string; email_from_name: string; email_date: unknown }>(
    'select html_body, text_body, email_subject, email_from_one, email_from_name, email_date from emails where muid = $1',
    [muid],
  );
  const e = r.rows[0];
  if (!e) return null;
  const html = e.html_body ? sanitizeForward(e.html_body, await inlineImages(db, muid, storage)) : textToHtml(e.text_body ?? '');
  const from = e.email_from_name ? `${e.email_from_name} <${e.email_from_one}>` : e.email_from_one;
  return { html, subject: e.email_subject, from, date: e.email_date ? iso(e.email_date) : '' };
}

/**
 * The files of one forward (efid) together with the caller's uploads that wait for their forward's
 * first save (efid null, owner_id = the caller); reservations still streaming are left out.
 */
export async function listAttachments(db: Queryable, muid: number, efid: number | null, ownerId: number): Promise<ForwardAttachment[]> {
  const r = await db.query<ForwardAttachment>(
    `select ceafid, filename, ceafdate, size, mime, efid from forward_attachments
     where muid = $1 and complete and (efid = $2 or (efid is null and owner_id = $3)) order by ceafid`,
    [muid, efid ?? 0, ownerId],
  );
  return r.rows.map((a) => ({ ...a, ceafid: Number(a.ceafid), efid: a.efid === null ? null : Number(a.efid), ceafdate: iso(a.ceafdate), size: Number(a.size) }));
}

/** The email's own parts (attachments and inline images), for the editor's list (issue 28). */
export async function emailAttachments(db: Queryable, muid: number): Promise<EmailAttachmentInfo[]> {
  const r = await db.query<EmailAttachmentInfo>('select id, filename, content_type, size, content_id from email_attachments where muid = $1 order by id', [muid]);
  return r.rows.map((a) => ({ ...a, id: Number(a.id), size: Number(a.size) }));
}
