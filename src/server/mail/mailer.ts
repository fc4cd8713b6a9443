import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import nodemailer from 'nodemailer';
import { mailRefused, mailSent } from '../metrics/portalMetrics';

/** One outgoing message; addresses are RFC 5322 strings (`Name <a@b.c>` or `a@b.c`). */
export interface MailMessage {
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  from?: string;
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  /** Turn data: images of the HTML into inline (cid:) attachments. */
  attachDataUrls?: boolean;
  /** A stream is read as the message is written, so a large file is never held whole. */
  attachments?: Array<{ filename: string; content: Buffer | string | Readable; contentType?: string }>;
}

export interface SentMail {
  messageId: string;
  /** Where the message was written when there is no SMTP server (DATA_DIR/outbox/....eml). */
  file?: string;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `outbox`. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export const defaultFrom = 'Content Portal <no-reply@content-portal.local>';

/** The outbox folder inside the data directory. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/**
 * SMTP_URL (`smtp://user:pass@host:port`, `smtps://...`) sends through that server; without it each
 * message is written as an RFC 822 .eml file in DATA_DIR/outbox, so nothing is silently lost.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from?: string }): Mailer {
  return counted(createTransportMailer(opts));
}

/** Counts what a mailer sent and what was refused (a thrown send; SMTP rejections throw) for /metrics. */
function counted(mailer: Mailer): Mailer {
  mailSent.inc({ transport: mailer.kind }, 0);
  mailRefused.inc({ transport: mailer.kind }, 0);
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        const sent = await mailer.send(message);
        mailSent.inc({ transport: mailer.kind });
        return sent;
      } catch (err) {
        mailRefused.inc({ transport: mailer.kind });
        throw err;
      }
    },
    close: () => mailer.close(),
  };
}

function createTransportMailer(opts: { smtpUrl?: string; dataDir: string; from?: string }): Mailer {
  const from = opts.from ?? defaultFrom;
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  // CRLF line ends: the .eml is the message exactly as it would go over the wire.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'windows' });
  const dir = outboxDir(opts.dataDir);
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique without coordination; streamed then renamed so readers never see half.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(dir, name);
      try {
        await pipeline(info.message as Readable, createWriteStream(`${file}.tmp`, { flush: true }));
      } catch (err) {
        await rm(`${file}.tmp`, { force: true });
        throw err;
      }
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
