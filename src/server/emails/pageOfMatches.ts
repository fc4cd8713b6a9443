import type { Queryable } from '../db/Db';
import { exactCountCap, filteredWhere } from './countEmails';
import { emailFilter, type ScopedDashboardRequest } from './emailFilter';
import { SqlParams } from './SqlParams';

export interface Matches {
  /** Matches counted up to exactCountCap + 1. */
  n: number;
  /** The page's muids in list order; meaningful only when n <= exactCountCap. */
  muids: number[];
  where: string;
  values: unknown[];
}

/**
 * A search's total and one page from a single pass over its matches: the first exactCountCap + 1
 * matches' sort keys are read once (one bitmap scan for a word search), counted, and the page is
 * sorted out of them. Counting first and then running the ordered per-status branches read each
 * match's heap row two or three times, most of a free-text search's time at a million emails.
 * Null when the request is countable from email_counts (its ordered index walk is already cheap).
 */
export async function pageOfMatches(db: Queryable, req: ScopedDashboardRequest, orderKey: string, dir: 'asc' | 'desc', offset: number, limit: number): Promise<Matches | null> {
  const p = new SqlParams();
  const f = emailFilter(req, p);
  if (f.countable) return null;
  const where = filteredWhere(f, p);
  const int = (n: number) => String(Math.max(0, Math.floor(n)));
  const r = await db.query<{ n: number; ids: Array<string | number> | null }>(
    `with m as materialized (select muid, ${orderKey} as k from emails where ${where} limit ${exactCountCap + 1})
     select c.n, case when c.n <= ${exactCountCap} then array(select muid from m order by k ${dir}, muid ${dir} limit ${int(limit)} offset ${int(offset)}) end as ids
     from (select count(*)::integer as n from m) c`,
    p.values,
  );
  // bigint[] arrives as strings (node-postgres) or numbers (PGlite).
  return { n: Number(r.rows[0].n), muids: (r.rows[0].ids ?? []).map(Number), where, values: p.values };
}
