import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../../src/server/db/migrate';
import { openPgliteDb } from '../../../src/server/db/pgliteDb';
import { openPostgresDb } from '../../../src/server/db/postgresDb';
import { projectRoot } from '../../../src/server/paths';
import { e2eAdminPassword } from '../../e2e/helpers/signIn';
import { madeOncePerRun } from '../../helpers/madeOncePerRun';
import type { LoopbackS3 } from './loopbackS3';
import { startLoopbackS3Process } from './loopbackS3Process';
import { migratedDataDirEnv, seededDataDirEnv, seededTemplates } from './startServer';
import { adminQuery, createTestDatabase, emptyPgliteDump, migratedTemplateEnv, seededTemplateDbEnv } from './testDb';
import { testStorageBaseEnv } from './testStorage';

let cleanup: (() => Promise<void>) | undefined;
let s3: LoopbackS3 | undefined;

/**
 * TEST_STORAGE=s3 (the server-postgres project's default; TEST_STORAGE=fs in the environment keeps
 * it on disk): every portal the suite starts keeps its files in a loopback S3 server (s3rver, in a
 * child process), a prefix per DATA_DIR (testStorage.ts), so the files run on object storage too.
 */
async function startSuiteStorage(project: TestProject): Promise<void> {
  if ((process.env.TEST_STORAGE ?? project.config.env.TEST_STORAGE) !== 's3') return;
  s3 = await startLoopbackS3Process();
  Object.assign(process.env, s3.env);
  process.env[testStorageBaseEnv] = `s3://${s3.bucket}`;
}

/**
 * The server suite's global set-up (vitest.config.ts): migrates one database before any test file
 * runs, so each file's openTestDb() copies it instead of migrating its own: a PGlite dump in a
 * temporary folder, or a template database `t_tpl_<random>` on TEST_DATABASE_URL (CREATE DATABASE
 * ... TEMPLATE). On PGlite also the seeded template `empty` (startServer's `seeded`). Workers find
 * them through environment variables; teardown removes them.
 */
export async function setup(project: TestProject): Promise<void> {
  await startSuiteStorage(project);
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestDatabase();
    const db = await openPostgresDb(created.url);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    // A template must have no connections while it is copied; nothing connects to it after this.
    const name = `t_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(`alter database ${created.name} rename to ${name}`);
    // The demo data without emails, seeded by `portal seed` on a copy while the files start: the files
    // that start from it (the crash and backup tests, createSeededTestDatabase) wait until it is renamed
    // to its template name, or to `<name>_failed`.
    const seededName = `t_seed_${randomBytes(6).toString('hex')}`;
    const seeding = (async () => {
      const seeded = await createTestDatabase({ template: name });
      const seedDir = mkdtempSync(join(tmpdir(), 'portal-seed-'));
      try {
        await promisify(execFile)(process.execPath, [join(projectRoot, 'bin/portal.js'), 'seed'], {
          cwd: projectRoot,
          env: { ...process.env, ...seededTemplates.empty, DATA_DIR: seedDir, DATABASE_URL: seeded.url, STORAGE_URL: '', PORTAL_ADMIN_PASSWORD: e2eAdminPassword, PORTAL_PASSWORD_COST: '10', DEMO_PDFS: '0' },
          maxBuffer: 16 * 1024 * 1024,
        });
        await adminQuery(`alter database ${seeded.name} rename to ${seededName}`);
      } catch (err) {
        await adminQuery(`alter database ${seeded.name} rename to ${seededName}_failed`);
        throw err;
      } finally {
        rmSync(seedDir, { recursive: true, force: true });
      }
    })();
    seeding.catch((err: unknown) => console.error(`server suite set-up: portal seed failed: ${(err as Error).message}`));
    process.env[migratedTemplateEnv] = name;
    process.env[seededTemplateDbEnv('empty')] = seededName;
    cleanup = async () => {
      await seeding.catch(() => undefined);
      for (const db of [name, seededName, `${seededName}_failed`]) await adminQuery(`drop database if exists ${db} with (force)`);
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'portal-test-template-'));
    const db = await openPgliteDb(join(dir, 'data'), { loadDataDir: await emptyPgliteDump() });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    // The demo data without emails, seeded by `portal seed` (another core) while the dump is made:
    // startServer({ seeded: 'empty' }) starts on a copy instead of seeding on its first start.
    // Once per npm test: the browser suite's set-up needs the same template (madeOncePerRun).
    const seeded = madeOncePerRun('empty', join(dir, 'empty'), async (empty) => {
      cpSync(join(dir, 'data'), join(empty, 'db'), { recursive: true });
      await promisify(execFile)(process.execPath, [join(projectRoot, 'bin/portal.js'), 'seed'], {
        cwd: projectRoot,
        env: { ...process.env, ...seededTemplates.empty, DATA_DIR: empty, DATABASE_URL: '', STORAGE_URL: '', PORTAL_ADMIN_PASSWORD: e2eAdminPassword, PORTAL_PASSWORD_COST: '10', DEMO_PDFS: '0' },
        maxBuffer: 16 * 1024 * 1024,
      });
    });
    seeded.catch(() => undefined);
    // The Db interface has no dump: reopen the migrated data directory with PGlite itself.
    const raw = await PGlite.create({ dataDir: join(dir, 'data'), extensions: { pg_trgm } });
    try {
      writeFileSync(join(dir, 'migrated.tar'), Buffer.from(await (await raw.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await raw.close();
    }
    process.env[seededDataDirEnv('empty')] = await seeded;
    process.env[migratedTemplateEnv] = join(dir, 'migrated.tar');
    // The migrated data directory itself: a server a test starts on a fresh DATA_DIR of its own
    // starts from a copy of it (startServer), skipping initdb and the migrations.
    process.env[migratedDataDirEnv] = join(dir, 'data');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
}

export async function teardown(): Promise<void> {
  await cleanup?.();
  await s3?.close();
  delete process.env[testStorageBaseEnv];
  delete process.env[migratedTemplateEnv];
  delete process.env[migratedDataDirEnv];
  delete process.env[seededDataDirEnv('empty')];
  delete process.env[seededTemplateDbEnv('empty')];
}
