import type { Metadata } from '../../engine/types';
import type { Queryable } from '../db/Db';
import { tableColumns } from '../db/tableColumns';
import { metadataStore } from '../metadata/metadataStore';
import { emailDashboardFile } from './emailMessages';

/** What every list row carries (000 §3 "Email item"). */
export const baseListColumns = [
  'muid', 'row_version', 'deleted', 'panelist_core', 'panelist_score', 'email_read', 'email_subject', 'email_from_one', 'email_from_name',
  'email_date', 'index_name', 'panelist_id', 'panelist_type', 'has_attachment', 'competi_id', 'entry_id', 'flags',
] as const;

/** Large or internal columns a dashboard column may never select or sort by. */
const neverListed = new Set(['text_body', 'html_body', 'search', 'raw_sha256', 'simhash', 'body_hash']);
/** Column types a list cannot order by (or compare in a paging marker). */
const unsortable = new Set(['ARRAY', 'USER-DEFINED', 'json', 'jsonb', 'tsvector', 'bytea']);

/** Whether a list may order by this emails column (of this SQL type). */
export const sortableEmailColumn = (column: string, type: string | undefined): boolean => type !== undefined && !neverListed.has(column) && !unsortable.has(type);

/** The email list's columns as the current metadata asks for them. */
export interface ListColumns {
  /** The base set plus every dashboard column whose `field` is an emails column. */
  select: string[];
  /** The dashboard's sort keys (a column's `sort`, an emails column) with their SQL type for paging markers. */
  sorts: Map<string, string>;
  /** The dashboard's default sort. */
  defaultSort: { field: string; direction: 'asc' | 'desc' };
}

interface DashboardColumns {
  columns?: Array<{ field?: string; sort?: string }>;
  defaults?: { sorting_field?: string; sorting_direction?: string };
}

/** The emails table's columns and their SQL types. */
export const emailsTableColumns = (db: Queryable): Promise<Map<string, string>> => tableColumns(db, 'emails');

/**
 * The list's columns and sorts from schemas/dashboards/emails.json of the metadata the server runs
 * now (a reload under `portal dev` reaches the next request): a column or sort added there needs no
 * TypeScript change. Fields that are not emails columns, or are never listed, are left out.
 */
export async function listColumns(db: Queryable, metadata: Metadata = metadataStore().current().metadata): Promise<ListColumns> {
  const existing = await emailsTableColumns(db);
  const dashboard = (metadata.files[emailDashboardFile] ?? {}) as DashboardColumns;
  const listable = (c: string | undefined): c is string => !!c && existing.has(c) && !neverListed.has(c);
  const select: string[] = [...baseListColumns];
  const sorts = new Map<string, string>();
  for (const c of dashboard.columns ?? []) {
    if (listable(c.field) && !select.includes(c.field)) select.push(c.field);
    if (c.sort && sortableEmailColumn(c.sort, existing.get(c.sort))) sorts.set(c.sort, existing.get(c.sort)!);
  }
  const d = dashboard.defaults ?? {};
  // Lint reports a default that is no sort key; the list still orders by something stable.
  const field = d.sorting_field && sorts.has(d.sorting_field) ? d.sorting_field : (sorts.keys().next().value ?? 'muid');
  if (!sorts.has(field)) sorts.set(field, existing.get(field) ?? 'bigint');
  // A sort key is listed too, so a page's paging marker can read it from its rows.
  for (const key of sorts.keys()) if (!select.includes(key)) select.push(key);
  return { select, sorts, defaultSort: { field, direction: d.sorting_direction === 'asc' ? 'asc' : 'desc' } };
}
