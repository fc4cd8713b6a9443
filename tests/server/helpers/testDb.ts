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

/**
 * Set by the server suite's global set-up (migratedTemplate.ts) for its workers: a migrated PGlite
 * dump file, or the name of a migrated template database on the TEST_DATABASE_URL server.
 */
export const migratedTemplateEnv = 'PORTAL_TEST_MIGRATED_TEMPLATE';

function serverUrl(database: string): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the TEST_DATABASE_URL server's own database (create/drop database). */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database `t_<random>` on the TEST_DATABASE_URL server (empty, or a copy of `template`);
 * returns its URL and a dropper.
 */
export async function createTestDatabase(opts: { template?: string } = {}): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  return { name, url: serverUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** Set by the global set-up on TEST_DATABASE_URL: the name of a template database holding the seeded demo data `name`. */
export const seededTemplateDbEnv = (name: 'empty'): string => `PORTAL_TEST_SEEDED_${name.toUpperCase()}_DATABASE`;

/**
 * A database on the TEST_DATABASE_URL server holding the suite's seeded demo data without emails
 * (admin's password is e2eAdminPassword): a server's first start on it neither migrates nor seeds.
 */
export async function createSeededTestDatabase(name: 'empty'): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const template = process.env[seededTemplateDbEnv(name)];
  if (!template) throw new Error(`no seeded template database "${name}": the server suite's global set-up makes it on TEST_DATABASE_URL`);
  // The set-up seeds it while the files run: it exists under its name once seeded.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const found = await databasesNamed([template, `${template}_failed`]);
    if (found.includes(template)) return createTestDatabase({ template });
    if (found.length) throw new Error(`the server suite's global set-up could not seed "${name}" (its output names the error)`);
    if (Date.now() > deadline) throw new Error(`the seeded template database "${name}" did not appear within 300 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Which of these databases exist on the TEST_DATABASE_URL server. */
async function databasesNamed(names: string[]): Promise<string[]> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>('select datname from pg_database where datname = any($1)', [names])).rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

/**
 * A freshly initialised, empty PGlite data directory as a tarball, made once per PGlite version and
 * kept in the temp directory: initdb in WASM costs seconds per test file, loading the tarball one.
 */
export async function emptyPgliteDump(): Promise<Blob> {
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
 * database on the TEST_DATABASE_URL server, dropped again by close(). When the suite's global set-up
 * made a migrated template, the database starts as a copy of it (migrating costs seconds of CPU per
 * file on PGlite); migrate() still runs and must find nothing to do. `migrate: false` always starts empty.
 */
export async function openTestDb(opts: { migrate?: boolean } = {}): Promise<Db> {
  const template = opts.migrate === false ? undefined : process.env[migratedTemplateEnv];
  let db: Db;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestDatabase({ template });
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
    db = await openPgliteDb(undefined, { loadDataDir: template ? new Blob([readFileSync(template)]) : await emptyPgliteDump() });
  }
  if (opts.migrate !== false) await migrate(db);
  return db;
}
