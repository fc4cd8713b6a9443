import type { BatchItem, ItemOutcome } from './BatchItem';
import { sanitizeText } from './sanitizeText';

/** The import_logs columns for one message. */
export interface ImportLogRow {
  db_muid: number | null;
  original_muid: string | null;
  email_date: string | null;
  mimetype: string | null;
  content_length: number;
  status: 0 | 1;
  status_code: number;
  reason: string | null;
  file: string;
}

export function importLogRow(item: BatchItem, outcome: ItemOutcome): ImportLogRow {
  const r = item.result;
  const parsed = r.kind === 'parsed' ? r.msg : undefined;
  const existing = r.kind === 'existing' ? r.email : undefined;
  return {
    db_muid: outcome.muid ?? null,
    original_muid: parsed?.originalMuid ?? existing?.original_muid ?? (outcome.status === 'failed' && item.size ? `sha256:${item.sha256}` : null),
    email_date: parsed?.date ?? existing?.email_date ?? null,
    mimetype: parsed?.mimetype ?? existing?.mimetype ?? null,
    content_length: item.size,
    status: outcome.status === 'failed' ? 0 : 1,
    status_code: outcome.statusCode,
    reason: outcome.reason ? sanitizeText(outcome.reason, 1000) : null,
    file: sanitizeText(item.file, 2000),
  };
}
