import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/Db';
import { migrate } from '../../src/server/db/migrate';
import { projectRoot } from '../../src/server/paths';
import { demoSeededKey, getMeta, setMeta } from '../../src/server/portalMeta';
import { preparePortal } from '../../src/server/preparePortal';
import { openPostgresDb, postgresPoolSize } from '../../src/server/db/postgresDb';
import { warmConnections } from '../../src/server/warmConnections';
import { rehearse } from '../../src/server/db/rehearsal';
import { adminQuery, createTestDatabase, openTestDb, testDbKind } from './helpers/testDb';

const migrationFiles = readdirSync(join(projectRoot, 'src/server/migrations'))
  .filter((f) => /^\d+_.+\.sql$/.test(f))
  .sort();

describe(`database (${testDbKind})`, () => {
  let db: Db | undefined;
  // Tests that need only a database of their own kind share these (each open is a PGlite start, or a
  // database made on the server): an empty one, and a migrated one. What a test creates is named its own.
  let empty: Db;
  let migrated: Db;
  const tmpDirs: string[] = [];
  beforeAll(async () => {
    [empty, migrated] = await Promise.all([openTestDb({ migrate: false }), openTestDb()]);
  });
  afterAll(async () => {
    await Promise.all([empty?.close(), migrated?.close()]);
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
    for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const migrationsDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-mig-'));
    tmpDirs.push(dir);
    for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
    return dir;
  };

  it('is the kind the suite was asked for', () => {
    expect(empty.kind).toBe(testDbKind);
    expect(migrated.kind).toBe(testDbKind);
  });

  it('applies each migration in its own transaction: a failing one leaves nothing behind and is not recorded', async () => {
    const db = empty;
    const dir = migrationsDir({
      '001_good.sql': 'create table good_one (id int primary key);',
      '002_bad.sql': 'create table half_done (id int primary key);\ninsert into half_done values (1);\nselect no_such_function();',
      '003_later.sql': 'create table later_one (id int);',
    });
    await expect(migrate(db, dir)).rejects.toThrow(/no_such_function/);
    const names = (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name);
    expect(names).toEqual(['001_good.sql']);
    const exists = async (t: string) => (await db.query<{ r: string | null }>('select to_regclass($1)::text as r', [t])).rows[0].r !== null;
    expect(await exists('good_one')).toBe(true);
    expect(await exists('half_done')).toBe(false);
    expect(await exists('later_one')).toBe(false);

    // Fixed file: the next run picks up where it stopped.
    writeFileSync(join(dir, '002_bad.sql'), 'create table half_done (id int primary key);');
    expect(await migrate(db, dir)).toEqual(['002_bad.sql', '003_later.sql']);
    expect(await exists('later_one')).toBe(true);
  });

  it.skipIf(testDbKind !== 'postgres')('survives the server ending its idle connections (restart, failover): the next query reconnects', async () => {
    const created = await createTestDatabase();
    const errors: string[] = [];
    const pgDb = await openPostgresDb(created.url, { onIdleError: (err) => errors.push(err.message) });
    try {
      // Two pooled connections open and idle, then ended by the server as an administrator would.
      await Promise.all([pgDb.query('select pg_sleep(0.05)'), pgDb.query('select pg_sleep(0.05)')]);
      await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${created.name}' and pid <> pg_backend_pid()`);
      for (let i = 0; i < 50 && errors.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors).toEqual(['terminating connection due to administrator command', 'terminating connection due to administrator command']);
      expect((await pgDb.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pgDb.close();
      await created.drop();
    }
  });

  it('a statement run with prepare answers as a plain one; on PostgreSQL it is prepared once per connection', async () => {
    const db = empty;
    const sql = 'select $1::integer + 1 as n';
    const prepared = await db.transaction(async (tx) => {
      const answers = [(await tx.query<{ n: number }>(sql, [1], { prepare: true })).rows, (await tx.query<{ n: number }>(sql, [41], { prepare: true })).rows];
      const statements = await tx.query<{ n: number }>('select count(*)::integer as n from pg_prepared_statements where statement = $1', [sql]);
      return { answers, statements: statements.rows[0].n };
    });
    expect(prepared.answers).toEqual([[{ n: 2 }], [{ n: 42 }]]);
    expect(prepared.statements).toBe(testDbKind === 'postgres' ? 1 : 0);
  });

  it('warming opens every pooled connection (PGlite: its one) and prepares the session lookup on each', async () => {
    const db = migrated;
    const warmed = await warmConnections(db);
    const prepared = new Map<number, number>();
    await db.forEachConnection(async (q) => {
      const r = await q.query<{ pid: number; n: number }>(
        `select pg_backend_pid() as pid, (select count(*)::integer from pg_prepared_statements where statement like '%from auth_sessions s join auth_users u%') as n`,
      );
      prepared.set(r.rows[0].pid, r.rows[0].n);
    });
    const connections = testDbKind === 'postgres' ? postgresPoolSize : 1;
    expect(warmed).toBe(connections);
    expect(prepared.size).toBe(connections);
    expect([...prepared.values()]).toEqual(Array.from({ length: connections }, () => (testDbKind === 'postgres' ? 1 : 0)));
  });

  it('transaction() commits on success and rolls back on a throw', async () => {
    const db = empty;
    await db.exec('create table t (n int primary key)');
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1)', [1]);
      await tx.query('insert into t values ($1)', [2]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1)', [3]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(db.transaction((tx) => tx.query('insert into t values (1)'))).rejects.toThrow(/duplicate key/);
    expect((await db.query<{ n: number }>('select n from t order by n')).rows.map((r) => r.n)).toEqual([1, 2]);
    const ins = await db.query('insert into t values (4), (5)');
    expect(ins.rowCount).toBe(2);
  });

  it('a transaction inside rehearse() runs its statements and rolls back; one begun outside it at the same time commits', async () => {
    const d = empty;
    await d.exec('create table rehearsed (n int primary key)');
    const [seen] = await Promise.all([
      rehearse(() => d.transaction(async (tx) => (await tx.query<{ n: number }>('insert into rehearsed values (1) returning n')).rows[0].n)),
      d.transaction((tx) => tx.query('insert into rehearsed values (2)')),
    ]);
    expect(seen).toBe(1);
    expect((await d.query<{ n: number }>('select n from rehearsed order by n')).rows.map((r) => r.n)).toEqual([2]);
  });

  it.runIf(testDbKind === 'pglite')('PGlite: a query on the database from inside its own transaction fails at once, naming it, instead of waiting for itself (PORTAL_TEST_TX_GUARD)', async () => {
    const d = empty;
    await d.exec('create table guarded (n int)');
    await expect(
      d.transaction(async (tx) => {
        await tx.query('insert into guarded values (1)');
        await d.query('select count(*) from guarded');
      }),
    ).rejects.toThrow('a query on the database inside its own open transaction (it would wait for itself): select count(*) from guarded');
    // The transaction rolled back; after it, and beside another one, the database answers as before.
    await Promise.all([d.transaction((tx) => tx.query('insert into guarded values (2)')), d.query('insert into guarded values (3)')]);
    expect((await d.query<{ n: number }>('select n from guarded order by n')).rows.map((r) => r.n)).toEqual([2, 3]);
  });

  it('portal_meta stores JSON values by key', async () => {
    const db = migrated;
    expect(await getMeta(db, 'x')).toBeUndefined();
    await setMeta(db, 'x', { a: [1, 'b'] });
    expect(await getMeta(db, 'x')).toEqual({ a: [1, 'b'] });
    await setMeta(db, 'x', false);
    expect(await getMeta(db, 'x')).toBe(false);
  });

  // One migration from scratch for both (each costs seconds of CPU on PGlite).
  it('preparePortal migrates (every migration once, in order; a second run applies nothing) and loads the demo data on the first start only', async () => {
    db = await openTestDb({ migrate: false });
    const log: string[] = [];
    // No inbox (nor the model trainings it brings): importing it is seed.test.ts's and import-hostile.test.ts's.
    const first = await preparePortal(db, (m) => log.push(m), { demoEmails: 0 });
    expect(first).toEqual({ migrations: migrationFiles, seeded: true });
    const recorded = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(recorded.rows.map((r) => r.name)).toEqual(migrationFiles);
    expect(await migrate(db)).toEqual([]);
    expect((await db.query('select name from schema_migrations')).rows).toHaveLength(migrationFiles.length);
    const tables = await db.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public'`);
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['schema_migrations', 'activity', 'portal_meta']));
    expect(await getMeta(db, demoSeededKey)).toBe(true);
    expect(log).toContain('seed: loading demo data');
    const second = await preparePortal(db, (m) => log.push(m));
    expect(second).toEqual({ migrations: [], seeded: false });
  }, 180_000);
});
