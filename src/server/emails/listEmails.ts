import { createHash } from 'node:crypto';
import type { DashboardResponse, EmailItem, PagingMarker } from '../../api/emailTypes';
import type { Queryable } from '../db/Db';
import { countEmails, exactCountCap, totalOf, type EmailTotal } from './countEmails';
import type { ListColumns } from './emailColumns';
import { pageOfMatches, type Matches } from './pageOfMatches';
import { emailFilter, type ScopedDashboardRequest } from './emailFilter';
import { SqlParams } from './SqlParams';
import { sortKeyOf } from './sortKeyOf';

export const maxPerPage = 50;

/** How a page is fetched: from the start, after/before the client's current page, or from the end. */
type Plan =
  | { from: 'start'; offset: number }
  | { from: 'after' | 'before'; marker: PagingMarker; offset: number }
  | { from: 'end'; limit: number };

/** The column alias of a row's sort key in the page queries (removed from the rows answered). */
const sortKey = 'sort_key';

/** The signature of everything that decides the row order, so stale paging markers are ignored. */
export function filterKey(req: ScopedDashboardRequest): string {
  const { panelist, dashboard, sorting_field, sorting_direction, search } = req;
  // `order: 'ci'`: markers of the case-sensitive order (before migration 017) no longer match.
  return createHash('sha1').update(JSON.stringify({ order: 'ci', panelist, dashboard, sorting_field, sorting_direction, search: search ?? null })).digest('hex').slice(0, 16);
}

/**
 * Chooses the cheapest way to reach `page`: keyset from the page the client is on (next/previous
 * and the strip's +-4 pages read only a few hundred index entries), the reversed order for pages
 * near the end, and OFFSET only when nothing closer is known.
 */
export function planPage(page: number, perpage: number, marker: PagingMarker | null, lastPage: number | null): Plan {
  const options: Array<{ cost: number; plan: Plan }> = [{ cost: (page - 1) * perpage, plan: { from: 'start', offset: (page - 1) * perpage } }];
  if (marker && marker.perpage === perpage && marker.last[0] !== null && marker.first[0] !== null) {
    if (page > marker.page) options.push({ cost: (page - marker.page - 1) * perpage, plan: { from: 'after', marker, offset: (page - marker.page - 1) * perpage } });
    if (page < marker.page) options.push({ cost: (marker.page - page - 1) * perpage, plan: { from: 'before', marker, offset: (marker.page - page - 1) * perpage } });
  }
  if (lastPage !== null && page === lastPage && page > 1) options.push({ cost: 0, plan: { from: 'end', limit: 0 } });
  options.sort((a, b) => a.cost - b.cost);
  return options[0].plan;
}

const toJson = (v: unknown): string | number | null => (v instanceof Date ? v.toISOString() : typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));

function toItem(row: Record<string, unknown>): EmailItem {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v;
  for (const k of ['muid', 'panelist_id', 'competi_id']) if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
  out.flags = Array.isArray(out.flags) ? out.flags : [];
  return out as EmailItem;
}

/**
 * One dashboard page (000 §3): rows, total and paging markers. Each status in the filter is its
 * own index range (UNION ALL of ordered, limited branches), so the sort never touches more rows
 * than the page needs.
 */
export async function listEmails(db: Queryable, req: ScopedDashboardRequest, list: ListColumns): Promise<DashboardResponse> {
  const perpage = Math.min(maxPerPage, Math.max(1, Math.floor(req.perpage) || 10));
  const page = Math.max(1, Math.floor(req.page) || 1);
  // Sort keys are the dashboard's (schemas/dashboards/emails.json), each an emails column.
  const field = list.sorts.has(req.sorting_field) ? req.sorting_field : list.defaultSort.field;
  const orderKey = sortKeyOf(field, list.sorts.get(field));
  const columns = list.select;
  const desc = req.sorting_direction !== 'asc';
  const key = filterKey({ ...req, sorting_field: field, sorting_direction: desc ? 'desc' : 'asc' });
  const marker = req.paging && req.paging.key === key ? req.paging : null;

  const knownTotal = marker && typeof req.totals === 'number' && req.totals >= 0 ? req.totals : null;
  let total: EmailTotal;
  if (knownTotal !== null) total = { total: knownTotal, estimate: false };
  else if (marker) total = await countEmails(db, req);
  else {
    // A new search (no marker): count it and cut its page from one read of its matches.
    const dir = desc ? 'desc' : 'asc';
    const m = await pageOfMatches(db, req, orderKey, dir, (page - 1) * perpage, perpage + 1);
    if (!m) total = await countEmails(db, req);
    else if (m.n <= exactCountCap) return await pageFromMuids(db, m, { page, perpage, orderKey, dir, key, columns });
    else total = await totalOf(db, m.where, m.values, m.n);
  }
  const lastPage = Math.max(1, Math.ceil(total.total / perpage));
  const plan = planPage(page, perpage, marker, total.estimate ? null : lastPage);

  const p = new SqlParams();
  const filter = emailFilter(req, p);
  // Reading backwards (previous pages, last page) flips the order; rows are flipped back below.
  const backwards = plan.from === 'before' || plan.from === 'end';
  const dir = desc !== backwards ? 'desc' : 'asc';
  const conds = [...filter.conds];
  if (plan.from === 'after' || plan.from === 'before') {
    const [v, m] = plan.from === 'after' ? plan.marker.last : plan.marker.first;
    const op = dir === 'desc' ? '<' : '>';
    conds.push(`(${orderKey}, muid) ${op} (${p.add(v, list.sorts.get(field))}, ${p.add(m, 'bigint')})`);
  }
  const offset = plan.from === 'end' ? 0 : plan.offset;
  const limit = plan.from === 'end' ? total.total - (lastPage - 1) * perpage : perpage + 1;
  const order = `${sortKey} ${dir}, muid ${dir}`;
  // The sort key is read with the row: the page marker holds it as the database compares it.
  const cols = [...columns, `${orderKey} as ${sortKey}`].join(', ');
  const where = (extra: string) => [extra, ...conds].filter(Boolean).join(' and ') || 'true';
  // Integer literals computed above (not user text), so the single-branch form needs no unused parameter.
  const lim = (n: number) => String(Math.max(0, Math.floor(n)));
  const branches = filter.statuses.map((s) => `select ${cols} from emails where ${where(`deleted = ${lim(s)}`)} order by ${order}`);
  const sql =
    branches.length === 1
      ? `${branches[0]} limit ${lim(limit)} offset ${lim(offset)}`
      : `select * from (${branches.map((b) => `(${b} limit ${lim(offset + limit)})`).join(' union all ')}) u order by ${order} limit ${lim(limit)} offset ${lim(offset)}`;
  const res = await db.query<Record<string, unknown>>(sql, p.values);

  let rows = res.rows.map(toItem);
  let hasNext: boolean;
  if (backwards) {
    rows = rows.slice(0, perpage).reverse();
    hasNext = page < lastPage;
  } else {
    hasNext = rows.length > perpage;
    rows = rows.slice(0, perpage);
  }
  return response(rows, hasNext, total, lastPage, { page, perpage, key });
}

function response(rows: EmailItem[], hasNext: boolean, total: EmailTotal, lastPage: number, at: { page: number; perpage: number; key: string }): DashboardResponse {
  const { page, perpage, key } = at;
  const paging: PagingMarker | null = rows.length
    ? { page, perpage, key, first: [toJson(rows[0][sortKey]), rows[0].muid], last: [toJson(rows[rows.length - 1][sortKey]), rows[rows.length - 1].muid] }
    : null;
  for (const r of rows) delete r[sortKey];
  const competi_ids = [...new Set(rows.map((r) => r.competi_id).filter((c): c is number => c !== null))];
  return { payload: rows, hasNext, totalEmails: total.total, totalIsEstimate: total.estimate, totalSpaceyEmails: 0, lastPage, paging, competi_ids };
}

/** The page of a search whose matches were all counted (pageOfMatches): its rows by muid, in list order. */
async function pageFromMuids(
  db: Queryable,
  m: Matches,
  at: { page: number; perpage: number; orderKey: string; dir: 'asc' | 'desc'; key: string; columns: string[] },
): Promise<DashboardResponse> {
  const { page, perpage, orderKey, dir, key, columns } = at;
  const res = m.muids.length
    ? await db.query<Record<string, unknown>>(`select ${columns.join(', ')}, ${orderKey} as ${sortKey} from emails where muid = any($1::bigint[]) order by ${sortKey} ${dir}, muid ${dir}`, [m.muids])
    : { rows: [] };
  const rows = res.rows.map(toItem);
  const total = { total: m.n, estimate: false };
  return response(rows.slice(0, perpage), rows.length > perpage, total, Math.max(1, Math.ceil(m.n / perpage)), { page, perpage, key });
}
