import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db';

/** Serialises migrations when several instances start at once on one PostgreSQL server. */
const migrateLockKey = 7_100_017;

const defaultDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Applies `NNN_name.sql` files in name order, each in its own transaction, recording each in
 * schema_migrations. Returns the names applied by this call.
 */
export async function migrate(db: Db, dir = defaultDir): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrateLockKey]);
    await tx.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  });
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const files = readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      // Another instance may have applied it while this one waited for the lock.
      await tx.query('select pg_advisory_xact_lock($1)', [migrateLockKey]);
      if ((await tx.query('select 1 from schema_migrations where name = $1', [file])).rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
