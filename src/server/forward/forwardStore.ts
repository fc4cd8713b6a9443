import type { ForwardAttachment, ForwardedEmail } from '../../api/forwardTypes';
import type { Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';
import { sanitizeForward, textToHtml } from './sanitizeForward';

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
  sent_at: string | null;
}

export async function findForward(db: Queryable, muid: number, efid: number): Promise<ForwardRow | null> {
  const r = await db.query<ForwardRow>('select * from forwarded_emails where efid = $1 and muid = $2', [efid, muid]);
  const row = r.rows[0];
  return row ? { ...row, efid: Number(row.efid), muid: Number(row.muid), efdate: iso(row.efdate), sent_at: row.sent_at ? iso(row.sent_at) : null } : null;
}

export async function listForwards(db: Queryable, muid: number): Promise<ForwardedEmail[]> {
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
    sent_at: f.sent_at ? iso(f.sent_at) : null,
  }));
}

/** Inline images of an email by lower-case Content-ID, as data: URLs (so the copy needs nothing remote). */
export async function inlineImages(db: Queryable, muid: number, storage: Pick<FileStorage, 'get'>): Promise<Map<string, string>> {
  const r = await db.query<{ content_id: string; content_type: string; storage_key: string | null; content: Uint8Array | null }>(
    "select content_id, content_type, storage_key, content from email_attachments where muid = $1 and content_id is not null and content_type like 'image/%'",
    [muid],
  );
  const out = new Map<string, string>();
  for (const a of r.rows) {
    const bytes = a.content ? Buffer.from(a.content) : a.storage_key ? await storage.get(a.storage_key).catch(() => null) : null;
    if (!bytes) continue;
    out.set(a.content_id.replace(/^<|>$/g, '').toLowerCase(), `data:${a.content_type};base64,${bytes.toString('base64')}`);
  }
  return out;
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

export async function listAttachments(db: Queryable, muid: number, efid: number | null): Promise<ForwardAttachment[]> {
  const r = await db.query<ForwardAttachment>(
    'select ceafid, filename, ceafdate, size, mime, efid from forward_attachments where muid = $1 and (efid is null or efid = $2) order by ceafid',
    [muid, efid ?? 0],
  );
  return r.rows.map((a) => ({ ...a, ceafid: Number(a.ceafid), efid: a.efid === null ? null : Number(a.efid), ceafdate: iso(a.ceafdate), size: Number(a.size) }));
}
