import type { Db } from './db/Db';
import { ensureAdminUser } from './auth/ensureAdminUser';
import { migrate } from './db/migrate';
import { demoSeededKey, getMeta, setMeta } from './portalMeta';
import { seedDemo, type SeedOptions } from './seed/index';

export interface PrepareResult {
  migrations: string[];
  seeded: boolean;
}

/** Brings a database up to date: migrations, then the demo data on the first start only. */
export async function preparePortal(db: Db, log: (msg: string) => void, opts: { seed?: 'first-start' | 'always' | 'never' } & SeedOptions = {}): Promise<PrepareResult> {
  const mode = opts.seed ?? 'first-start';
  const migrations = await migrate(db);
  for (const m of migrations) log(`migrate: applied ${m}`);
  await ensureAdminUser(db, log); // demo roles; user admin on first start (password printed once)
  let seeded = false;
  if (mode === 'always' || (mode === 'first-start' && (await getMeta<boolean>(db, demoSeededKey)) !== true)) {
    log('seed: loading demo data');
    await seedDemo(db, log, opts);
    await setMeta(db, demoSeededKey, true);
    seeded = true;
  }
  return { migrations, seeded };
}
