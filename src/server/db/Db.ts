/** The one small query interface over PGlite (embedded) and node-postgres (DATABASE_URL). */
export type DbKind = 'pglite' | 'postgres';

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows affected by INSERT/UPDATE/DELETE, when the driver reports it. */
  rowCount: number;
}

export interface Queryable {
  /** Parameterised SQL ($1, $2, ...). Never interpolate values into the text. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs a parameterless script of one or more statements (simple protocol) and answers with the
   * last statement's rows: what the job queue's own schema scripts need.
   */
  script<Row = Record<string, unknown>>(sql: string): Promise<QueryResult<Row>>;
  close(): Promise<void>;
}
