import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { migrate } from '../../../src/server/db/migrate';
import { openPgliteDb } from '../../../src/server/db/pgliteDb';
import { projectRoot } from '../../../src/server/paths';
import { migratedDataDirEnv, seededDataDirEnv, seededTemplates, type SeededTemplate } from '../../server/helpers/startServer';
import { e2eAdminPassword } from './signIn';

let dir: string | undefined;

/**
 * The browser suite's global set-up (vitest.config.ts): one embedded database migrated, then one
 * data directory per seeded template (seededTemplates: the demo data with a slice of the demo
 * inbox, or with none), seeded by `portal seed` as a first start seeds (and the inbox scored, as the
 * server's job would), two at a time. A server
 * started with `startServer({ seeded })` starts on a copy, so the demo data (reference rows, 250
 * products, the inbox and two model trainings) is made once per run instead of once per file.
 * User `admin` has the password e2eAdminPassword in every template.
 */
export async function setup(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'portal-e2e-templates-'));
  const migrated = join(dir, 'migrated', 'db');
  mkdirSync(join(dir, 'migrated'));
  const db = await openPgliteDb(migrated);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  process.env[migratedDataDirEnv] = migrated;
  await Promise.all(
    (Object.keys(seededTemplates) as SeededTemplate[]).map(async (name) => {
      const dataDir = join(dir!, name);
      cpSync(migrated, join(dataDir, 'db'), { recursive: true });
      const portal = (...args: string[]) =>
        promisify(execFile)(process.execPath, [join(projectRoot, 'bin/portal.js'), ...args], {
          cwd: projectRoot,
          env: {
            ...process.env,
            ...seededTemplates[name],
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            PORTAL_ADMIN_PASSWORD: e2eAdminPassword,
            // The suites' scrypt cost (vitest.config.ts): the project's env does not reach global set-up.
            PORTAL_PASSWORD_COST: '10',
            DEMO_PDFS: '0',
          },
          maxBuffer: 16 * 1024 * 1024,
        });
      await portal('seed');
      // The inbox scored once here: otherwise every server started on a copy scores it again in its
      // first minute (predictions.score; tests/e2e/predictions.test.ts clears its copy's scores to see that job).
      if (seededTemplates[name].DEMO_EMAILS !== '0') await portal('predictions', 'score');
      process.env[seededDataDirEnv(name)] = dataDir;
    }),
  );
}

export async function teardown(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env[migratedDataDirEnv];
  for (const name of Object.keys(seededTemplates) as SeededTemplate[]) delete process.env[seededDataDirEnv(name)];
}
