import type { RawData, StateItem } from '../../api/emailTypes';
import type { Queryable } from '../db/Db';
import { spaceyTotals } from '../predictions/spaceyList';
import { scoreLists } from './emailMessages';
import { emailStatuses } from './emailStatuses';
import { newestEmailDay } from './newestEmailDay';

const pad = (n: number) => String(n).padStart(2, '0');

/** GET states/{country|all}: {stateName, stateID} ordered by name. */
export async function listStates(db: Queryable, country: string): Promise<StateItem[]> {
  const c = country.toUpperCase();
  const r = await db.query<StateItem>(
    `select "stateID", "stateName" from states where ($1 = 'ALL' or $1 = '0' or country = $1) order by "stateName"`,
    [c],
  );
  return r.rows;
}

/** GET raw data (000 §3 "Raw data"): totals, states, partitions, score lists, statuses, date parts. */
export async function rawData(db: Queryable): Promise<RawData> {
  const [tot, parts, states, years, newest, spacey] = await Promise.all([
    db.query<{ n: string | number }>('select coalesce(sum(n), 0)::bigint as n from email_counts'),
    db.query<{ index_name: string }>('select distinct index_name from emails order by index_name'),
    listStates(db, 'US'),
    db.query<{ y: number }>(`select distinct extract(year from email_date)::integer as y from emails where email_date is not null order by y desc`),
    newestEmailDay(db),
    spaceyTotals(db),
  ]);
  const nowYear = new Date().getUTCFullYear();
  const points = scoreLists();
  const yearList = new Set<number>([nowYear, ...years.rows.map((r) => Number(r.y))]);
  return {
    totEmails: Number(tot.rows[0].n),
    ...spacey,
    states,
    partition: parts.rows.map((r) => r.index_name),
    scores: { score: points.default, prod_score: points.producer },
    statuses: emailStatuses().entries.map((e) => ({ value: e.const, label: e.title })),
    days: Array.from({ length: 31 }, (_, i) => pad(i + 1)),
    months: Array.from({ length: 12 }, (_, i) => pad(i + 1)),
    newestDay: newest,
    years: [...yearList].sort((a, b) => b - a).map(String),
  };
}
