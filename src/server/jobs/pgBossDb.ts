import type { Db } from '../db/Db';

/** pg-boss's database seam: `executeSql(text, values)` answering like node-postgres. */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/**
 * Runs pg-boss's SQL through the portal's own Db, so the queue works the same on PGlite (one
 * in-process connection) and on a PostgreSQL pool. pg-boss sends its schema creation and
 * migrations as parameterless multi-statement scripts (BEGIN; ...; COMMIT): those go through
 * `script`, everything else is one parameterised statement.
 */
export function pgBossDb(db: Db): PgBossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return db.query(text, values);
      return db.script(text);
    },
  };
}
