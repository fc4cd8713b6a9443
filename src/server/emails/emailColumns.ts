import type { Queryable } from '../db/Db';
import { metadataStore } from '../metadata/metadataStore';
import { emailDashboardFile } from './emailMessages';

/** What every list row carries (000 §3 "Email item"). */
export const baseListColumns = [
  'muid', 'deleted', 'panelist_core', 'panelist_score', 'email_read', 'email_subject', 'email_from_one', 'email_from_name',
  'email_date', 'index_name', 'panelist_id', 'panelist_type', 'has_attachment', 'competi_id', 'entry_id', 'flags',
] as const;

/** Large or internal columns a dashboard column may never select. */
const neverListed = new Set(['text_body', 'html_body', 'search', 'raw_sha256', 'simhash', 'body_hash']);

/**
 * The list's columns: the base set plus every `field` of schemas/dashboards/emails.json that is a
 * real emails column, so adding a column to the metadata needs no TypeScript change.
 */
export async function listColumns(db: Queryable): Promise<string[]> {
  const res = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = 'emails' and table_schema = current_schema()`,
  );
  const existing = new Set(res.rows.map((r) => r.column_name));
  const cols: string[] = [...baseListColumns];
  const dashboard = metadataStore().current().metadata.files[emailDashboardFile] as { columns?: Array<{ field?: string }> } | undefined;
  for (const c of dashboard?.columns ?? []) {
    if (c.field && existing.has(c.field) && !neverListed.has(c.field) && !cols.includes(c.field)) cols.push(c.field);
  }
  return cols;
}
