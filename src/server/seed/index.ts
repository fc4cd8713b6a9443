import type { Db } from '../db/Db';
import { seedReference } from './seedReference';

/** Loads the deterministic demo data: reference rows (later: demo products and emails). Idempotent. */
export async function seedDemo(db: Db, log: (msg: string) => void = () => undefined): Promise<void> {
  await seedReference(db, log);
}
