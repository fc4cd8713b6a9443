import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../../src/server/paths';
import { seededDataDirEnv, seededTemplates, type SeededTemplate } from '../../server/helpers/startServer';
import { madeOncePerRun } from '../../helpers/madeOncePerRun';
import { e2eAdminPassword } from './signIn';

/** Runs `portal <args>` on the template `name`'s data directory `dataDir`, as a first start would. */
function portal(dataDir: string, name: SeededTemplate, ...args: string[]): Promise<unknown> {
  return promisify(execFile)(process.execPath, [join(projectRoot, 'bin/portal.js'), ...args], {
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
}

/** Lets startServer({ seeded: name }) and copySeededDataDir(name) find the template (workers inherit the env). */
function publish(dataDir: string, name: SeededTemplate): void {
  process.env[seededDataDirEnv(name)] = dataDir;
}

/**
 * The seeded template `empty` under `dir` (browser suite's global set-up, e2eGlobalSetup.ts): the
 * demo data a first start seeds (`portal seed` migrates the new database first: reference data,
 * 250 products) without emails. User `admin` has the password e2eAdminPassword.
 */
export async function seedEmptyTemplate(dir: string): Promise<void> {
  // Once per npm test: the server suite's set-up makes the same template (madeOncePerRun).
  publish(await madeOncePerRun('empty', join(dir, 'empty'), (dataDir) => portal(dataDir, 'empty', 'seed').then(() => undefined)), 'empty');
}

/**
 * The seeded template `demo` under `dir`, made from `empty` (seedEmptyTemplate first): `portal seed`
 * is idempotent and the templates differ only in the inbox, so reference data and products are
 * seeded once; then the inbox slice and its scores.
 */
export async function seedDemoTemplate(dir: string): Promise<void> {
  const demo = join(dir, 'demo');
  await cp(process.env[seededDataDirEnv('empty')]!, demo, { recursive: true });
  await portal(demo, 'demo', 'seed');
  // The inbox scored once here: otherwise every server started on a copy scores it again in its
  // first minute (predictions.score; tests/e2e/predictions.test.ts clears its copy's scores to see that job).
  await portal(demo, 'demo', 'predictions', 'score');
  publish(demo, 'demo');
}

export function forgetTemplates(): void {
  for (const name of Object.keys(seededTemplates) as SeededTemplate[]) delete process.env[seededDataDirEnv(name)];
}
