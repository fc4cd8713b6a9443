import type { Queryable } from './db/Db';

/** Reads one installation fact from portal_meta; undefined when never set. */
export async function getMeta<T = unknown>(db: Queryable, key: string): Promise<T | undefined> {
  const r = await db.query<{ value: T }>('select value from portal_meta where key = $1', [key]);
  return r.rows[0]?.value;
}

export async function setMeta(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `insert into portal_meta (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** portal_meta key recording that seedDemo ran to completion on this database. */
export const demoSeededKey = 'demo_seeded';
