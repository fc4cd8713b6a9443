import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/Db';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/openDb';
import { HttpError } from '../../server/httpError';
import { ensureDemoRoles } from '../../server/auth/roles';

/** Opens the configured database (migrated, demo roles present), runs fn, closes it; refusals exit 1. */
export async function withAuthDb(fn: (db: Db) => Promise<void>): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    await ensureDemoRoles(db);
    await fn(db);
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(err.message);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await db.close();
  }
}
