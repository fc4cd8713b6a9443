import type { DashboardRequest, SearchCriteria } from '../../api/emailTypes';
import type { Guess, SpaceyListResponse } from '../../api/predictionTypes';
import type { AuthContext } from '../auth/AuthContext';
import { visibleEmailsCondition } from '../auth/objectAccess';
import type { Queryable } from '../db/Db';
import { emailsTableColumns, sortableEmailColumn } from '../emails/emailColumns';
import { emailFilter } from '../emails/emailFilter';
import { emailStatuses } from '../emails/emailStatuses';
import { SqlParams } from '../emails/SqlParams';
import { sortKeyOf } from '../emails/sortKeyOf';
import { metadataStore } from '../metadata/metadataStore';
import { httpError } from '../httpError';
import { currentModelInfo, type ModelVariant } from './modelStore';
import { spaceyDashboardFile } from './spaceyMessages';

export interface SpaceyListRequest {
  page: number;
  perpage: number;
  /** A column's `sort` in schemas/dashboards/spacey.json. */
  sorting_field?: string;
  sorting_direction?: 'asc' | 'desc';
  variant?: ModelVariant;
  search?: SearchCriteria | null;
}

/** The sortable columns the list's rows have besides the emails columns (from email_predictions). */
const predictionColumns = new Set(['top_score']);

interface SpaceyDashboard {
  columns?: Array<{ sort?: string }>;
  defaults?: { sorting_field?: string; sorting_direction?: string };
}

/**
 * The sort keys of schemas/dashboards/spacey.json as the server runs it now: each a column of the
 * list's rows (an emails column, or a prediction's top score). The request's key is checked against them.
 */
async function sortOf(db: Queryable, req: SpaceyListRequest): Promise<{ col: string; dir: 'asc' | 'desc'; type: string | undefined }> {
  const meta = (metadataStore().current().metadata.files[spaceyDashboardFile] ?? {}) as SpaceyDashboard;
  const emails = await emailsTableColumns(db);
  const keys = (meta.columns ?? []).map((c) => c.sort).filter((k): k is string => !!k && (sortableEmailColumn(k, emails.get(k)) || predictionColumns.has(k)));
  const wanted = req.sorting_field ?? meta.defaults?.sorting_field;
  if (req.sorting_field !== undefined && !keys.includes(req.sorting_field)) throw httpError(400, `Unknown sort field "${req.sorting_field}": one of ${keys.join(', ')}`);
  const col = wanted && keys.includes(wanted) ? wanted : 'muid';
  const dir = (req.sorting_direction ?? meta.defaults?.sorting_direction) === 'asc' ? 'asc' : 'desc';
  // Text columns sort case-insensitively, as on the email dashboards (issue 28 item 7).
  return { col, dir, type: emails.get(col) };
}

/**
 * The spacey list (000 §2 "Predictions list"): emails the variant's newest model version scored,
 * with their top sector and company guesses; the search form narrows it like the email dashboards,
 * and, as on the dashboards, only emails of the panelist types the caller may see are listed.
 */
export async function spaceyList(db: Queryable, auth: AuthContext | null, req: SpaceyListRequest): Promise<SpaceyListResponse> {
  const { col, dir, type } = await sortOf(db, req);
  const info = await currentModelInfo(db, req.variant ?? 'current');
  if (!info) return { payload: [], hasNext: false, totalSpaceyEmails: 0, lastPage: 1, model: null };
  const p = new SqlParams();
  const version = p.add(info.version, 'integer');
  const conds: string[] = [];
  const visible = visibleEmailsCondition(auth, p);
  if (visible) conds.push(visible);
  if (req.search) {
    // The dashboards' search filter, over every status (the email-type toggles still narrow it).
    const filter = emailFilter({ page: 1, perpage: 10, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc', search: req.search } as DashboardRequest, p);
    // The status table names the email-type toggle that shows each status (x-email-type).
    const toggles = req.search as unknown as Record<string, unknown>;
    const statuses = emailStatuses().emailTypes.filter(([toggle]) => toggles[toggle] === true).map(([, code]) => code);
    conds.push(...filter.conds);
    if (statuses.length) conds.push(`deleted = any(${p.add(statuses, 'smallint[]')})`);
  }
  // The filter's conditions name emails columns unqualified; the predictions' columns are renamed apart.
  const from = `(select muid as scored_muid, sector as top_sector, company as top_company, top_score from email_predictions where model_version = ${version}) s join emails on emails.muid = s.scored_muid`;
  const where = conds.join(' and ') || 'true';
  const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`, p.values)).rows[0].n);
  const perpage = Math.min(50, Math.max(1, Math.floor(req.perpage) || 10));
  const lastPage = Math.max(1, Math.ceil(total / perpage));
  const page = Math.min(Math.max(1, Math.floor(req.page) || 1), lastPage);
  const rows = await db.query<{ muid: string; email_subject: string; email_from_one: string; email_date: Date | null; deleted: number; row_version: number; panelist_id: number | null; sector: Guess[]; company: Guess[] }>(
    `select emails.muid, email_subject, email_from_one, email_date, deleted, row_version, panelist_id, top_sector as sector, top_company as company
       from ${from}
      where ${where} order by ${sortKeyOf(col, type)} ${dir} nulls last, emails.muid ${dir} limit ${perpage} offset ${(page - 1) * perpage}`,
    p.values,
  );
  return {
    payload: rows.rows.map((r) => ({
      muid: Number(r.muid),
      email_subject: r.email_subject,
      email_from_one: r.email_from_one,
      email_date: r.email_date ? new Date(r.email_date).toISOString() : null,
      deleted: r.deleted,
      row_version: r.row_version,
      panelist_id: r.panelist_id,
      sector: r.sector[0] ?? null,
      company: r.company[0] ?? null,
    })),
    hasNext: page < lastPage,
    totalSpaceyEmails: total,
    lastPage,
    model: { version: info.version, trained_at: info.trained_at },
  };
}

/** totSpaceyEmails / totSpacey2019Emails (000 §3 raw data): emails each variant's newest version scored. */
export async function spaceyTotals(db: Queryable): Promise<{ totSpaceyEmails: number; totSpacey2019Emails: number }> {
  const r = await db.query<{ variant: string; n: number }>(
    `select m.variant, count(p.muid)::int as n
       from (select variant, max(version) as version from prediction_models group by variant) m
       left join email_predictions p on p.model_version = m.version group by m.variant`,
  );
  const n = (v: string) => Number(r.rows.find((x) => x.variant === v)?.n ?? 0);
  return { totSpaceyEmails: n('current'), totSpacey2019Emails: n('2019') };
}
