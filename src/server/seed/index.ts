import type { Db } from '../db/Db';

/** Loads the deterministic demo reference data (and later demo products/emails). Idempotent. */
export async function seedDemo(db: Db, log: (msg: string) => void = () => undefined): Promise<void> {
  void db;
  log('seed: nothing to seed yet');
}
