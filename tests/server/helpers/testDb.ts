import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Db } from '../../../src/server/db/Db';
import { migrate } from '../../../src/server/db/migrate';
import { openPgliteDb } from '../../../src/server/db/pgliteDb';
import { openPostgresDb } from '../../../src/server/db/postgresDb';
import { projectRoot } from '../../../src/server/paths';

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
 * A freshly initialised, empty PGlite data directory as a tarball, made once per PGlite version and
 * kept in the temp directory: initdb in WASM costs seconds per test file, loading the tarball one.
 */
async function emptyPgliteDump(): Promise<Blob> {
  const version = (JSON.parse(readFileSync(join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  const file = join(tmpdir(), `portal-test-pglite-${version}.tar`);
  if (!existsSync(file)) {
    const fresh = await PGlite.create({ extensions: { pg_trgm } });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
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
    db = await openPgliteDb(undefined, { loadDataDir: await emptyPgliteDump() });
  }
  if (opts.migrate !== false) await migrate(db);
  return db;
}
