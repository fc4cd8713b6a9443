import type { Queryable } from '../db/Db';

/** Rows per base table of the portal's schemas (`public`, and `pgboss`, the job queue), as `schema.table`. */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ s: string; t: string }>(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss') order by 1, 2`,
  );
  const out: Record<string, number> = {};
  for (const { s, t } of tables.rows) {
    const r = await db.query<{ n: number }>(`select count(*)::bigint as n from "${s.replace(/"/g, '""')}"."${t.replace(/"/g, '""')}"`);
    out[`${s}.${t}`] = Number(r.rows[0].n);
  }
  return out;
}
