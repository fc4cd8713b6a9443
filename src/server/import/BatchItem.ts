import type { ParsedRow } from './ParsedRow';

/** An already stored email with the same raw bytes. */
export interface ExistingEmail {
  muid: number;
  original_muid: string;
  email_date: string | null;
  mimetype: string;
}

/** One message on its way into the database, with what parsing made of it. */
export interface BatchItem {
  file: string;
  sha256: string;
  raw: Buffer;
  /** Bytes of the message (for an unread, oversized file: its size on disk). */
  size: number;
  result: { kind: 'parsed'; msg: ParsedRow } | { kind: 'failed'; statusCode: number; reason: string } | { kind: 'existing'; email: ExistingEmail };
}

export type ItemOutcome = { file: string; status: 'imported' | 'duplicate' | 'failed'; statusCode: number; reason?: string; muid?: number };
