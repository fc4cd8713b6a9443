import { join } from 'node:path';
import { serverHoldsDataDir } from '../backup/controlSocket';
import { ensurePrivateDir } from '../storage/privateDir';
import type { Db } from './Db';
import { openPgliteDb } from './pgliteDb';
import { openPostgresDb } from './postgresDb';

/**
 * DATABASE_URL selects a PostgreSQL server; otherwise PGlite under `<dataDir>/db`. The embedded
 * database is refused while a portal runs on that DATA_DIR: a second PostgreSQL on the same files
 * (a `portal user add` beside `portal serve`) writes pages the first overwrites, and the first never
 * sees the second's rows (docs/decisions/one-process-per-embedded-database.md).
 */
export async function openDb(opts: { dataDir?: string; databaseUrl?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgresDb(opts.databaseUrl);
  if (!opts.dataDir) return openPgliteDb();
  if (await serverHoldsDataDir(opts.dataDir)) throw new EmbeddedDatabaseInUse(opts.dataDir);
  ensurePrivateDir(opts.dataDir);
  const dir = join(opts.dataDir, 'db');
  ensurePrivateDir(dir);
  return openPgliteDb(dir);
}

/** A portal runs on this DATA_DIR: its embedded database is that process's alone. */
export class EmbeddedDatabaseInUse extends Error {
  constructor(dataDir: string) {
    super(
      `A portal is running on DATA_DIR ${dataDir} and holds its embedded database; a second process opening it would corrupt it. ` +
        'Stop that portal first, or do this in the running portal (users and roles: the Admin Portal; rule impact: the Rule changes screen; ' +
        'emails: put the files in its IMPORT_DROP_DIR); ' +
        '`portal backup` is the one command that works beside it.',
    );
    this.name = 'EmbeddedDatabaseInUse';
  }
}
