import { join } from 'node:path';
import { ensurePrivateDir } from '../storage/privateDir';
import type { Db } from './Db';
import { openPgliteDb } from './pgliteDb';
import { openPostgresDb } from './postgresDb';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite under `<dataDir>/db`. */
export async function openDb(opts: { dataDir?: string; databaseUrl?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgresDb(opts.databaseUrl);
  if (!opts.dataDir) return openPgliteDb();
  ensurePrivateDir(opts.dataDir);
  const dir = join(opts.dataDir, 'db');
  ensurePrivateDir(dir);
  return openPgliteDb(dir);
}
