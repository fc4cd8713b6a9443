import type { Queryable } from '../db/Db';
import { emailFilter, type EmailFilter, type ScopedDashboardRequest } from './emailFilter';
import { SqlParams } from './SqlParams';

/** Filtered results above this many rows get the planner's estimate instead of an exact count. */
export const exactCountCap = 20_000;

export interface EmailTotal {
  total: number;
  estimate: boolean;
}

/** The WHERE clause of a filter (its conditions' parameters already in `p`), statuses included. */
export function filteredWhere(f: EmailFilter, p: SqlParams): string {
  return [`deleted = any(${p.add(f.statuses, 'smallint[]')})`, ...f.conds].join(' and ');
}

/**
 * The dashboard total. Unfiltered lists (status, panelist type, read mark) sum the maintained
 * email_counts rows; searches count exactly up to exactCountCap and estimate beyond it, so a
 * broad search over a million emails never scans them all just to number the pages.
 */
export async function countEmails(db: Queryable, req: ScopedDashboardRequest): Promise<EmailTotal> {
  const p = new SqlParams();
  const f = emailFilter(req, p);
  if (f.countable) {
    const q = new SqlParams();
    const conds = [`deleted = any(${q.add(f.statuses, 'smallint[]')})`];
    if (req.panelist && req.panelist !== 'all') conds.push(`panelist_type = ${q.add(req.panelist)}`);
    if (f.hideRead) conds.push('email_read = 0');
    const r = await db.query<{ n: string | number | null }>(`select coalesce(sum(n), 0)::bigint as n from email_counts where ${conds.join(' and ')}`, q.values, { prepare: true });
    return { total: Number(r.rows[0].n ?? 0), estimate: false };
  }
  const where = filteredWhere(f, p);
  const r = await db.query<{ n: number }>(`select count(*)::integer as n from (select 1 from emails where ${where} limit ${exactCountCap + 1}) x`, p.values);
  return totalOf(db, where, p.values, Number(r.rows[0].n));
}

/** `n` matches counted up to exactCountCap + 1: exact within the cap, the planner's estimate beyond it. */
export async function totalOf(db: Queryable, where: string, values: unknown[], n: number): Promise<EmailTotal> {
  if (n <= exactCountCap) return { total: n, estimate: false };
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) select 1 from emails where ${where}`, values);
  const doc = plan.rows[0]['QUERY PLAN'];
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as Array<{ Plan: { 'Plan Rows': number } }>;
  return { total: Math.max(n, Math.round(parsed[0].Plan['Plan Rows'])), estimate: true };
}
