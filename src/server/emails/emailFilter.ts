import type { DashboardRequest, SearchCriteria } from '../../api/emailTypes';
import { searchWords } from '../import/searchVector';
import { emailStatuses } from './emailStatuses';
import { containsPattern, type SqlParams } from './SqlParams';


export interface EmailFilter {
  /** SQL conditions on `emails`, ANDed; never includes the status. */
  conds: string[];
  /** deleted values shown; the list runs one index range per status. */
  statuses: number[];
  /** True when only the status, panelist type and read mark filter: email_counts answers the total. */
  countable: boolean;
  hideRead: boolean;
}

/**
 * A tsquery over the import's lexemes (see import/searchVector): every word must match, the last as
 * a prefix; `weights` restricts to subject (A), sender (B) or body (D).
 */
export function weightedQuery(text: string, weights = ''): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((w, i) => `'${w}':${i === words.length - 1 ? '*' : ''}${weights}`).join(' & ');
}

// At most 15 digits: an id beyond any muid (or a bigint) matches nothing rather than overflowing SQL.
const int = (s: string | undefined): number | null => (typeof s === 'string' && /^\d{1,15}$/.test(s.trim()) ? Number(s.trim()) : null);

/** [from, toExclusive] dates (UTC, YYYY-MM-DD) from the day/month/year parts; a part left empty widens the range. */
export function dateRange(c: Pick<SearchCriteria, 'from_day' | 'from_month' | 'from_year' | 'to_day' | 'to_month' | 'to_year'>): [string | null, string | null] {
  // A date beyond what Date holds widens the range instead of throwing.
  const iso = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10));
  let from: string | null = null;
  let to: string | null = null;
  const fy = int(c.from_year);
  if (fy !== null) from = iso(new Date(Date.UTC(fy, (int(c.from_month) ?? 1) - 1, int(c.from_day) ?? 1)));
  const ty = int(c.to_year);
  if (ty !== null) {
    const tm = int(c.to_month);
    const td = int(c.to_day);
    // The day after the last day the range includes.
    const end = td !== null ? new Date(Date.UTC(ty, (tm ?? 12) - 1, td + 1)) : tm !== null ? new Date(Date.UTC(ty, tm, 1)) : new Date(Date.UTC(ty + 1, 0, 1));
    to = iso(end);
  }
  return [from, to];
}

/** A dashboard request narrowed to the panelist types the caller may see (auth/objectAccess). */
export type ScopedDashboardRequest = DashboardRequest & { visiblePanelistTypes?: string[] | null };

/** The WHERE conditions of a dashboard request (route panelist type, dashboard, search criteria). */
export function emailFilter(req: ScopedDashboardRequest, p: SqlParams): EmailFilter {
  const conds: string[] = [];
  let countable = true;
  if (req.panelist && req.panelist !== 'all') conds.push(`panelist_type = ${p.add(req.panelist)}`);
  else if (req.visiblePanelistTypes) {
    // 'all' for a role without every panelist-type module: its types and emails of no type.
    conds.push(`(panelist_type is null or panelist_type = any(${p.add(req.visiblePanelistTypes, 'text[]')}))`);
    countable = false;
  }
  const s = req.search;
  // The status table says which statuses a dashboard lists and which toggle shows each (000 §4).
  const table = emailStatuses();
  let statuses = table.onDashboard(req.dashboard);
  if (statuses.length === 0) statuses = table.onDashboard('focus');
  let hideRead = false;
  if (!s) return { conds, statuses, countable, hideRead };

  const chosen = table.emailTypes.filter(([k]) => s[k as keyof SearchCriteria] === true).map(([, v]) => v);
  if (chosen.length > 0) statuses = chosen;
  if (s.hide_read) {
    hideRead = true;
    conds.push('email_read = 0');
  }
  const narrow = (cond: string) => {
    conds.push(cond);
    countable = false;
  };

  const q = (s.query ?? '').trim();
  if (q) {
    if (s.by_id) {
      const id = int(q);
      narrow(id === null ? 'false' : `muid = ${p.add(id, 'bigint')}`);
    } else if (s.by_sender_email) {
      narrow(`email_from_one ilike ${p.add(containsPattern(q))}`);
    } else if (s.by_sender_name) {
      narrow(`email_from_name ilike ${p.add(containsPattern(q))}`);
    } else {
      const weights = (s.by_subject ? 'A' : '') + (s.by_body ? 'D' : '');
      const tsq = weightedQuery(q, weights);
      narrow(tsq ? `search @@ ${p.add(tsq, 'tsquery')}` : 'false');
    }
  }
  const [from, to] = dateRange(s);
  if (from) narrow(`email_date >= ${p.add(from, 'timestamptz')}`);
  if (to) narrow(`email_date < ${p.add(to, 'timestamptz')}`);
  if (s.flags?.length) narrow(`flags && ${p.add(s.flags, 'text[]')}`);
  const panelist = (s.panelist ?? '').trim();
  if (panelist) narrow(`panelist_id in (select panelist_id from panelists where search_text ilike ${p.add(containsPattern(panelist))})`);
  const state = int(s.state);
  if (state !== null) narrow(`panelist_state = ${p.add(state, 'integer')}`);
  // An email with no matched panelist has no country: a country filter keeps it rather than hiding it.
  if (s.country && s.country !== '0') narrow(`(panelist_country = ${p.add(s.country)} or panelist_country is null)`);
  // Owner type "Both" (-1) is no filter.
  if (s.owner_type === '1' || s.owner_type === '0') narrow(`panelist_owner = ${p.add(Number(s.owner_type), 'smallint')}`);
  if (s.partition) narrow(`index_name = ${p.add(s.partition)}`);
  return { conds, statuses, countable, hideRead };
}
