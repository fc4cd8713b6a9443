import pg from 'pg';
import { createHash } from 'node:crypto';
import type { Db, Queryable, QueryOptions, QueryResult } from './Db';
import { noteIfDatabaseUnavailable, noteUnavailable } from './databaseUnavailable';
import { rehearsing } from './rehearsal';

// BIGINT and NUMERIC arrive as strings by default; counts and ids here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

const statementNames = new Map<string, string>();
/** A prepared statement's name, from its text: node-postgres prepares a name once per connection. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
  return name;
}

/** Connections per instance's pool. */
export const postgresPoolSize = 10;
/**
 * A health check's own connection waits longer than a load balancer's check does (3 s in bench/haproxy):
 * a slow answer is the balancer's to judge; this only bounds the checks piling up on a hung database.
 */
const pingTimeoutMs = 10_000;

/**
 * A real PostgreSQL server through a node-postgres pool. An idle pooled connection the server ends
 * (a restart, `pg_terminate_backend`, a failover) emits 'error' on the pool; without a listener that
 * is an uncaught exception that ends the process. The pool drops that connection and opens another
 * on the next query, so the error is only reported.
 */
export async function openPostgresDb(url: string, opts: { onIdleError?: (err: Error) => void } = {}): Promise<Db> {
  // `min`: pg-pool closes idle connections above it after 10 s, and a connection opened again costs
  // its next request the authentication, the prepares and PostgreSQL's per-backend caches anew.
  const pool = new pg.Pool({ connectionString: url, max: postgresPoolSize, min: postgresPoolSize });
  pool.on('error', opts.onIdleError ?? ((err) => console.warn(`database: an idle connection ended (${err.message}); the next query opens a new one`)));
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    // A failure because the server does not answer is noted: the error handler answers 503, not 500.
    async query<Row>(sql: string, params: unknown[] = [], opts: QueryOptions = {}): Promise<QueryResult<Row>> {
      const r = await noteUnavailable(opts.prepare ? c.query({ name: statementName(sql), text: sql, values: params }) : c.query(sql, params));
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await noteUnavailable(c.query(sql));
    },
  });
  // The health check's connection, outside the pool: opened at the first ping, again after one fails.
  let pinger: { client: pg.Client; ready: Promise<unknown> } | undefined;
  const dropPinger = async (p: { client: pg.Client }) => {
    if (pinger === p) pinger = undefined;
    await p.client.end().catch(() => undefined);
  };
  return {
    kind: 'postgres',
    ...wrap(pool),
    async ping() {
      const p =
        pinger ??
        (() => {
          const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: pingTimeoutMs, query_timeout: pingTimeoutMs });
          const created = { client, ready: client.connect() };
          client.on('error', () => void dropPinger(created));
          return (pinger = created);
        })();
      try {
        await p.ready;
        await p.client.query('select 1');
      } catch (err) {
        await dropPinger(p);
        throw noteIfDatabaseUnavailable(err);
      }
    },
    async forEachConnection(fn: (q: Queryable) => Promise<void>, { waitMs = 10_000 }: { waitMs?: number } = {}): Promise<number> {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let open = true;
      let settled = 0;
      let ran = 0;
      const errors: unknown[] = [];
      const timer = setTimeout(() => release(), waitMs);
      const one = async () => {
        let client: pg.PoolClient | undefined;
        try {
          client = await pool.connect();
          if (open) {
            await fn(wrap(client));
            ran++;
          }
        } catch (err) {
          errors.push(err);
        } finally {
          if (++settled === postgresPoolSize) release();
          // Each run holds its connection until all have ended (or the wait has), so each gets one of its own.
          await released;
          client?.release();
        }
      };
      for (let i = 0; i < postgresPoolSize; i++) void one();
      await released;
      open = false;
      clearTimeout(timer);
      if (errors.length) throw errors[0];
      return ran;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const dryRun = rehearsing();
      const client = await noteUnavailable(pool.connect());
      try {
        await noteUnavailable(client.query('BEGIN'));
        const result = await fn(wrap(client));
        await noteUnavailable(client.query(dryRun ? 'ROLLBACK' : 'COMMIT'));
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
      const r = (await noteUnavailable(pool.query(sql))) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(r) ? r[r.length - 1] : r;
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? last?.rows.length ?? 0 };
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      let client: pg.Client | undefined;
      let closed = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        c.on('error', () => {
          // The server went away or restarted: listen again on a fresh connection.
          client = undefined;
          c.end().catch(() => undefined);
          if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
        });
        await c.connect();
        await c.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (closed) await c.end();
        else client = c;
      };
      await connect();
      return async () => {
        closed = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      if (pinger) await dropPinger(pinger);
      await pool.end();
    },
  };
}
