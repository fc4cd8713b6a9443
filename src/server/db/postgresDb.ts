import pg from 'pg';
import type { Db, Queryable, QueryResult } from './Db';

// BIGINT and NUMERIC arrive as strings by default; counts and ids here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** A real PostgreSQL server through a node-postgres pool. */
export async function openPostgresDb(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await c.query(sql, params);
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async script<Row>(sql: string): Promise<QueryResult<Row>> {
      // Without parameters node-postgres uses the simple protocol: one result per statement.
      const r = (await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(r) ? r[r.length - 1] : r;
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? last?.rows.length ?? 0 };
    },
    close: () => pool.end(),
  };
}
