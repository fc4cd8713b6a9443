import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './Db';
import { openPgliteDb } from './pgliteDb';
import { openPostgresDb } from './postgresDb';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite under `<dataDir>/db`. */
export async function openDb(opts: { dataDir?: string; databaseUrl?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgresDb(opts.databaseUrl);
  if (!opts.dataDir) return openPgliteDb();
  const dir = join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return openPgliteDb(dir);
}
