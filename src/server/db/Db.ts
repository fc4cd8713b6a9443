/** The one small query interface over PGlite (embedded) and node-postgres (DATABASE_URL). */
export type DbKind = 'pglite' | 'postgres';

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows affected by INSERT/UPDATE/DELETE, when the driver reports it. */
  rowCount: number;
}

/**
 * `prepare`: keep the statement prepared on each PostgreSQL connection that runs it, so it is parsed
 * and planned once per connection instead of per call. For hot statements of fixed text whose plan
 * does not depend on the values (key lookups), e.g. the per-request session check; PGlite ignores it.
 */
export interface QueryOptions {
  prepare?: boolean;
}

export interface Queryable {
  /** Parameterised SQL ($1, $2, ...). Never interpolate values into the text. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<Row>>;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws (or inside rehearse()). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs a parameterless script of one or more statements (simple protocol) and answers with the
   * last statement's rows: what the job queue's own schema scripts need.
   */
  script<Row = Record<string, unknown>>(sql: string): Promise<QueryResult<Row>>;
  /**
   * LISTEN on `channel` (PostgreSQL NOTIFY, `select pg_notify(channel, text)` from any instance);
   * resolves to a function that stops listening. On PostgreSQL it holds one connection of its own
   * and reconnects when that connection drops.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Embedded PGlite only: runs `read` in a transaction while no other query can run, and dumps the
   * data directory (a gzipped tar) at that same point: a consistent copy of a live database.
   */
  snapshot?<T>(read: (tx: Queryable) => Promise<T>): Promise<{ result: T; dataDir: Blob }>;
  /**
   * Resolves once the database answers `select 1`. On PostgreSQL on a connection kept for it outside
   * the pool, so a health check never queues behind user requests for a pooled connection.
   */
  ping(): Promise<void>;
  /**
   * Runs `fn` on every connection of the pool at the same time, opening those not open yet (PGlite:
   * its one connection); they then stay open. Prepared statements and PostgreSQL's catalog caches are
   * per connection, so a warm-up must reach each. A connection other work holds beyond `waitMs` is
   * left out; resolves to how many ran `fn`.
   */
  forEachConnection(fn: (q: Queryable) => Promise<void>, opts?: { waitMs?: number }): Promise<number>;
  close(): Promise<void>;
}
