import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../../src/server/db/Db';
import { migrate } from '../../../src/server/db/migrate';
import { openPgliteDb } from '../../../src/server/db/pgliteDb';
import { openPostgresDb } from '../../../src/server/db/postgresDb';

/** Which database the server suite runs on: TEST_DATABASE_URL selects a real PostgreSQL server. */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Creates an empty database `t_<random>` on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a uniquely named
 * database on the TEST_DATABASE_URL server, dropped again by close().
 */
export async function openTestDb(opts: { migrate?: boolean } = {}): Promise<Db> {
  let db: Db;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestDatabase();
    const inner = await openPostgresDb(created.url);
    db = {
      ...inner,
      kind: inner.kind,
      async close() {
        await inner.close();
        await created.drop();
      },
    };
  } else {
    db = await openPgliteDb();
  }
  if (opts.migrate !== false) await migrate(db);
  return db;
}
