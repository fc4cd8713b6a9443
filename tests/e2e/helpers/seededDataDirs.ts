import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../../src/server/paths';
import { seededDataDirEnv, seededTemplates, type SeededTemplate } from '../../server/helpers/startServer';
import { e2eAdminPassword } from './signIn';

let dir: string | undefined;

/**
 * The browser suite's global set-up (vitest.config.ts): one data directory per seeded template (seededTemplates: the demo data with a slice of the demo
 * inbox, or with none), seeded by `portal seed` as a first start seeds (and the inbox scored, as the
 * server's job would). A server
 * started with `startServer({ seeded })` starts on a copy, so the demo data (reference rows, 250
 * products, the inbox and two model trainings) is made once per run instead of once per file.
 * User `admin` has the password e2eAdminPassword in every template.
 */
export async function setup(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'portal-e2e-templates-'));
  // `portal seed` migrates a new database first and is idempotent: the templates differ only in the
  // inbox, so the demo template is the empty one (reference data and products, seeded once) plus
  // the inbox slice and its scores.
  const portal = (name: SeededTemplate, ...args: string[]) =>
    promisify(execFile)(process.execPath, [join(projectRoot, 'bin/portal.js'), ...args], {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...seededTemplates[name],
        DATA_DIR: join(dir!, name),
        DATABASE_URL: '',
        PORTAL_ADMIN_PASSWORD: e2eAdminPassword,
        // The suites' scrypt cost (vitest.config.ts): the project's env does not reach global set-up.
        PORTAL_PASSWORD_COST: '10',
        DEMO_PDFS: '0',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
  await portal('empty', 'seed');
  cpSync(join(dir, 'empty'), join(dir, 'demo'), { recursive: true });
  await portal('demo', 'seed');
  // The inbox scored once here: otherwise every server started on a copy scores it again in its
  // first minute (predictions.score; tests/e2e/predictions.test.ts clears its copy's scores to see that job).
  await portal('demo', 'predictions', 'score');
  for (const name of Object.keys(seededTemplates) as SeededTemplate[]) process.env[seededDataDirEnv(name)] = join(dir, name);
}

export async function teardown(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const name of Object.keys(seededTemplates) as SeededTemplate[]) delete process.env[seededDataDirEnv(name)];
}
