import type { EmailAttachmentInfo } from './emailTypes';

/** Forward editor API (000 §7 "Forwarding and attachments"), under /api/emails. */

/** GET /api/emails/html-body/{muid}[/{efid}]: the copy to edit (sanitised; cid: images inlined). */
export interface HtmlBodyResponse {
  muid: number;
  /** The forward's id when editing a saved forward, else null. */
  ids: number | null;
  body: string;
  message: string;
  subject: string;
  forward_to: string;
  cc: string;
  /** The signed-in user's email: the From of whatever they send; '' when they have none yet (they are asked for it). */
  forward_from: string;
  /** Whether the caller may change and send this forward (its creator or an administrator; always for a new one). */
  mine: boolean;
  /** The email's own parts, downloadable at /api/emails/email-attachment/{id}. */
  email_attachments: EmailAttachmentInfo[];
}

/** POST /api/emails/sender: the signed-in user without an email gives theirs (once). */
export interface SenderAddressRequest {
  email: string;
}

export interface SenderAddressResponse {
  forward_from: string;
}

/** POST /api/emails/html-body (save draft). */
export interface SaveForwardRequest {
  muid: number;
  argtype: 'forward';
  ids?: number | null;
  body: string;
  forward_subject: string;
  forward_to: string;
  cc?: string;
  forward_from?: string;
  foward_message?: string;
}

export interface SaveForwardResponse {
  result: { ids: number };
  message: string;
}

/** POST /api/emails/send-mail. */
export interface SendForwardRequest {
  muid: number;
  ids?: number | null;
  body: string;
  subject: string;
  forward_to: string;
  cc?: string;
  message?: string;
  attachids?: number[];
  forward_from?: string;
}

export interface SendForwardResponse {
  status: 'ok';
  ids: number;
  message: string;
  messageId: string;
}

/** A forward history row (000 §3 Forwarded email). */
export interface ForwardedEmail {
  id: number;
  efid: number;
  efdate: string;
  forward_subject: string;
  forward_from: string;
  /** Blank for a draft ('Drafted'). */
  forward_to: string;
  cc: string;
  subject: string;
  ids: number;
  /** Username of the user who created the forward (the history's Sender/Creator). */
  created_by: string;
  sent_at: string | null;
  /** Whether the caller may edit and delete it. */
  mine: boolean;
}

/** GET /api/emails/forwarded/{muid}. */
export interface ForwardedListResponse {
  forwardjson: ForwardedEmail[];
  list: number[];
}

/** A forward attachment (000 §3 Attachment). */
export interface ForwardAttachment {
  ceafid: number;
  filename: string;
  ceafdate: string;
  size: number;
  mime: string;
  efid: number | null;
}

export interface AttachmentListResponse {
  attachments: ForwardAttachment[];
  /** Bytes used of the per-forward limit. */
  total: number;
  limit: number;
}

export interface MessageResult {
  message: string;
}
