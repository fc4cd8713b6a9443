import type { Queryable } from '../db/Db';

/**
 * Day (YYYY-MM-DD, UTC) of the newest email, null when there is none: the default search range ends
 * there (000 §9). A message dated after tomorrow carries a forged or broken Date header (the demo
 * corpus has one from 2028): it does not anchor the range, unless every message is future-dated.
 */
export async function newestEmailDay(db: Queryable): Promise<string | null> {
  const r = await db.query<{ d: string | null }>(
    `select to_char(coalesce((select max(email_date) from emails where email_date <= now() + interval '1 day'), (select max(email_date) from emails)) at time zone 'UTC', 'YYYY-MM-DD') as d`,
  );
  return r.rows[0]?.d ?? null;
}
