import { createHash } from 'node:crypto';
import { bodyWords } from './bodyWords';
import PostalMime from 'postal-mime';
import type { Address, Email } from 'postal-mime';
import type { ImportLimits } from './ImportLimits';
import { ImportFailure, importStatus } from './importStatus';
import { normalizeBody, visibleText } from './normalizeBody';
import type { ParsedAttachment, ParsedMessage } from './ParsedMessage';
import { sanitizeText } from './sanitizeText';
import { searchVector } from './searchVector';
import { simhash } from './simhash';

/** A message must carry at least one of these, or it is binary garbage rather than mail. */
const messageHeaders = new Set(['from', 'sender', 'to', 'cc', 'subject', 'date', 'message-id', 'received', 'return-path', 'mime-version', 'delivered-to', 'reply-to']);
/** Body text shorter than this (after normalising) is not used for exact-duplicate matching. */
const minHashChars = 20;
/** Cap on body words fed to the search index per message. */
const maxSearchWords = 20_000;
/** Cap on a single stored body (characters); beyond it the raw message still has everything. */
const maxBodyChars = 5_000_000;

function mailboxes(list: Address[] | Address | undefined): Array<{ name: string; address: string }> {
  if (!list) return [];
  const arr = Array.isArray(list) ? list : [list];
  return arr.flatMap((a) => (a.group ? a.group : [a])).map((m) => ({ name: sanitizeText(m.name, 500), address: sanitizeText(m.address, 500) }));
}

function display(list: Array<{ name: string; address: string }>): string {
  return list.map((m) => (m.name ? `${m.name} <${m.address}>` : m.address)).join(', ').slice(0, 10_000);
}

function headerValue(email: Email, key: string): string | undefined {
  return email.headers.find((h) => h.key === key)?.value;
}

/** A usable timestamp for PostgreSQL, or null (missing, unparseable or absurd Date header). */
function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return null;
  const d = new Date(t);
  const year = d.getUTCFullYear();
  return year >= 1970 && year <= 2200 ? d.toISOString() : null;
}

/** Parses one raw RFC 822 message within the limits; throws ImportFailure with a reason. */
export async function parseMessage(raw: Uint8Array, limits: ImportLimits, rawSha256: string): Promise<ParsedMessage> {
  if (raw.byteLength === 0) throw new ImportFailure(importStatus.empty, 'empty message');
  if (raw.byteLength > limits.maxMessageBytes) {
    throw new ImportFailure(importStatus.tooLarge, `message is ${raw.byteLength} bytes, over the ${limits.maxMessageBytes}-byte limit`);
  }
  let email: Email;
  try {
    email = await PostalMime.parse(raw, {
      attachmentEncoding: 'arraybuffer',
      maxNestingDepth: limits.maxNestingDepth,
      maxHeadersSize: limits.maxHeadersSize,
      maxRfc822NestingDepth: limits.maxRfc822NestingDepth,
    });
  } catch (err) {
    throw new ImportFailure(importStatus.unparseable, `unparseable message: ${(err as Error).message ?? String(err)}`.slice(0, 500));
  }
  if (!email.headers.some((h) => messageHeaders.has(h.key))) {
    throw new ImportFailure(importStatus.unparseable, 'not an email message: none of the RFC 5322 header fields (From, To, Subject, Date, Message-ID, ...)');
  }
  if (email.attachments.length > limits.maxAttachments) {
    throw new ImportFailure(importStatus.unparseable, `message has ${email.attachments.length} attachments, over the limit of ${limits.maxAttachments}`);
  }

  const from = mailboxes(email.from ?? email.sender)[0];
  const to = mailboxes(email.to);
  const cc = mailboxes(email.cc);
  const recipients = [...to, ...cc].map((m) => m.address.toLowerCase()).filter(Boolean);
  if (email.deliveredTo) recipients.push(sanitizeText(email.deliveredTo, 500).toLowerCase());

  const text = sanitizeText(email.text, maxBodyChars);
  const html = sanitizeText(email.html, maxBodyChars);
  // The HTML is converted to text once, for both the search index and duplicate detection.
  const visible = visibleText(text, html);
  const normalized = normalizeBody(text, html, visible);
  // One word split of the normalised body serves the fingerprint and the search index.
  const words = bodyWords(normalized, maxSearchWords);
  const fingerprint = simhash(words);
  const compact = normalized.replaceAll(' ', '');

  const attachments: ParsedAttachment[] = email.attachments.map((a) => ({
    filename: sanitizeText(a.filename, 500),
    contentType: sanitizeText(a.mimeType, 200) || 'application/octet-stream',
    disposition: a.disposition ? sanitizeText(a.disposition, 100) : null,
    contentId: a.contentId ? sanitizeText(a.contentId, 500) : null,
    content: typeof a.content === 'string' ? new TextEncoder().encode(a.content) : new Uint8Array(a.content),
  }));

  const messageId = sanitizeText(email.messageId, 990).trim().replace(/^<|>$/g, '');
  const contentType = (headerValue(email, 'content-type') ?? 'text/plain').split(';')[0].trim().toLowerCase();
  return {
    originalMuid: messageId || `sha256:${rawSha256}`,
    mimetype: sanitizeText(contentType, 200) || 'text/plain',
    subject: sanitizeText(email.subject, 2000),
    fromName: from?.name ?? '',
    fromAddress: from?.address ?? '',
    to: display(to),
    cc: display(cc),
    recipients: [...new Set(recipients)],
    date: isoDate(email.date),
    text,
    html,
    searchVector: searchVector([
      ['A', sanitizeText(email.subject, 2000)],
      ['B', `${from?.name ?? ''} ${from?.address ?? ''}`],
      ['D', words],
    ]),
    attachments,
    bodyHash: compact.length >= minHashChars ? createHash('sha256').update(compact).digest('hex') : null,
    simhash: fingerprint === undefined ? null : fingerprint.toString(),
  };
}
