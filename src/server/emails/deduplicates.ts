import type { DedupCompare, DedupEmail, DedupGroup, DedupListResponse, DedupSearchRequest } from '../../api/emailTypes';
import type { AuthContext } from '../auth/AuthContext';
import { canSeePanelistType, visibleEmailsCondition } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { tableColumns } from '../db/tableColumns';
import { httpError } from '../httpError';
import { metadataStore } from '../metadata/metadataStore';
import { containsPattern, SqlParams } from './SqlParams';

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

export const dedupDashboardFile = 'schemas/dashboards/deduplicates.json';

interface DedupDashboard {
  columns?: Array<{ sort?: string }>;
  sortAliases?: Record<string, string>;
  defaults?: { sorting_field?: string; sorting_direction?: string };
}

/**
 * The sort keys of schemas/dashboards/deduplicates.json (000 §3): each column's `sort`, and the
 * `sortAliases` the API also accepts, each a dedup_groups column (named as in the rows: ID is id).
 */
async function dedupSort(db: Queryable, field: string | undefined, direction: string | undefined): Promise<{ column: string; dir: 'asc' | 'desc' }> {
  const meta = (metadataStore().current().metadata.files[dedupDashboardFile] ?? {}) as DedupDashboard;
  const columns = await tableColumns(db, 'dedup_groups');
  const sorts = new Map<string, string>();
  const add = (key: string, name: string) => columns.has(name.toLowerCase()) && sorts.set(key, name.toLowerCase());
  for (const c of meta.columns ?? []) if (c.sort) add(c.sort, c.sort);
  for (const [key, name] of Object.entries(meta.sortAliases ?? {})) add(key, name);
  if (field !== undefined && !sorts.has(field)) throw httpError(400, `Unknown sort field "${field}": one of ${[...sorts.keys()].join(', ')}`);
  const column = sorts.get(field ?? meta.defaults?.sorting_field ?? '') ?? 'id';
  return { column, dir: (direction ?? meta.defaults?.sorting_direction) === 'desc' ? 'desc' : 'asc' };
}

const toGroup = (r: Record<string, unknown>): DedupGroup => ({
  ID: Number(r.id),
  original_muid: Number(r.original_muid),
  email_subject: String(r.email_subject ?? ''),
  original_sender_name: String(r.original_sender_name ?? ''),
  original_date: iso(r.original_date),
  duplicates: String(r.duplicates ?? ''),
  total_duplicates: Number(r.total_duplicates ?? 0),
});

/**
 * POST deduplicates list / dedup search: groups with at least one duplicate, searched by ID or
 * subject; only groups whose original is an email the caller may see (panelist-type modules).
 */
export async function listDeduplicates(db: Queryable, auth: AuthContext | null, req: DedupSearchRequest): Promise<DedupListResponse> {
  const { column, dir } = await dedupSort(db, req.payload.sorting_field, req.payload.sorting_direction);
  const page = Math.max(1, Math.floor(req.payload.page) || 1);
  const perpage = Math.min(50, Math.max(1, Math.floor(req.payload.perpage) || 10));
  const p = new SqlParams();
  const conds = ['g.total_duplicates > 0'];
  const visible = visibleEmailsCondition(auth, p, 'e.panelist_type');
  if (visible) conds.push(`exists (select 1 from emails e where e.muid = g.original_muid and ${visible})`);
  const q = (req.search?.query ?? '').trim();
  if (q) {
    if (req.search.by_subject) conds.push(`g.email_subject ilike ${p.add(containsPattern(q))}`);
    // An id has at most 15 digits; a longer number matches nothing rather than overflowing bigint.
    else conds.push(/^\d{1,15}$/.test(q) ? `(g.id = ${p.add(Number(q), 'bigint')} or g.original_muid = ${p.add(Number(q), 'bigint')})` : 'false');
  }
  const where = conds.join(' and ');
  const total =
    typeof req.payload.tot_deduplicates === 'number' && req.payload.tot_deduplicates >= 0 && page > 1
      ? req.payload.tot_deduplicates
      : Number((await db.query<{ n: number }>(`select count(*)::integer as n from dedup_groups g where ${where}`, p.values)).rows[0].n);
  const r = await db.query<Record<string, unknown>>(
    `select g.id, g.original_muid, g.email_subject, g.original_sender_name, g.original_date, g.duplicates, g.total_duplicates
     from dedup_groups g where ${where} order by g.${column} ${dir} nulls last, g.id ${dir} limit ${perpage + 1} offset ${(page - 1) * perpage}`,
    p.values,
  );
  return { payload: r.rows.slice(0, perpage).map(toGroup), hasNext: r.rows.length > perpage, tot_deduplicates: total, lastPage: Math.max(1, Math.ceil(total / perpage)) };
}

/**
 * One group with its original and duplicates, for the compare modal; 'hidden' when the caller may
 * not see the original's panelist type. Duplicates of types the caller may not see are left out.
 */
export async function dedupCompare(db: Queryable, auth: AuthContext | null, id: number): Promise<DedupCompare | 'hidden' | null> {
  const g = await db.query<Record<string, unknown>>(
    'select id, original_muid, email_subject, original_sender_name, original_date, duplicates, total_duplicates from dedup_groups where id = $1',
    [id],
  );
  if (!g.rows[0]) return null;
  const group = toGroup(g.rows[0]);
  const m = await db.query<Record<string, unknown>>(
    `select e.muid, e.email_subject, e.email_from_one, e.email_from_name, e.email_date, e.panelist_type, m.match
     from dedup_members m join emails e on e.muid = m.muid where m.group_id = $1 order by e.email_date nulls last, e.muid`,
    [id],
  );
  const originalRow = m.rows.find((r) => Number(r.muid) === group.original_muid) ?? m.rows[0];
  if (originalRow && !canSeePanelistType(auth, originalRow.panelist_type as string | null)) return 'hidden';
  const emails: DedupEmail[] = m.rows.filter((r) => canSeePanelistType(auth, r.panelist_type as string | null)).map((r) => ({
    muid: Number(r.muid),
    email_subject: String(r.email_subject ?? ''),
    email_from_one: String(r.email_from_one ?? ''),
    email_from_name: String(r.email_from_name ?? ''),
    email_date: iso(r.email_date),
    match: String(r.match),
  }));
  const original = emails.find((e) => e.muid === group.original_muid) ?? emails[0];
  if (!original) return null;
  return { group, original, duplicates: emails.filter((e) => e.muid !== original.muid) };
}
