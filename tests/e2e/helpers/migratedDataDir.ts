import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../../src/server/db/migrate';
import { openPgliteDb } from '../../../src/server/db/pgliteDb';
import { migratedDataDirEnv } from '../../server/helpers/startServer';

let dir: string | undefined;

/**
 * The browser suite's global set-up (vitest.config.ts): one embedded database created and migrated
 * before the files run. startServer copies it into each fresh DATA_DIR, so a server's first start
 * skips PGlite's initdb and the migrations (several seconds each) but still seeds the demo data as a
 * new user's first start does. The server suite tests migrating from empty; this suite tests screens.
 */
export async function setup(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const db = await openPgliteDb(join(dir, 'db'));
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  process.env[migratedDataDirEnv] = join(dir, 'db');
}

export async function teardown(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env[migratedDataDirEnv];
}
