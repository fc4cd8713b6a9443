import type { Queryable } from '../db/Db';

/**
 * Moves the entries that new email rows left in the pending lists of the emails table's GIN indexes
 * (full-text search, sender trigrams, flags) into the indexes proper (gin_clean_pending_list). GIN's
 * fast update appends each new row's entries to a pending list that every search reads whole until
 * autovacuum merges it, a minute or more later: after the first start's 2,000 demo emails a word
 * search read ~4,900 buffers (20-33 ms of PostgreSQL) instead of ~170 (1 ms), and the first users'
 * searches queued behind each other. Returns the pending pages merged: 0 when the database role does
 * not own the indexes (PostgreSQL refuses it with insufficient_privilege; autovacuum merges them later).
 * Any other error is the caller's.
 */
export async function mergeSearchIndexes(db: Queryable): Promise<number> {
  try {
    return await mergePendingLists(db);
  } catch (err) {
    if ((err as { code?: unknown }).code === '42501') return 0;
    throw err;
  }
}

async function mergePendingLists(db: Queryable): Promise<number> {
  const r = await db.query<{ pages: string | number }>(
    `select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0)::bigint as pages
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = 'emails'::regclass and a.amname = 'gin'`,
  );
  return Number(r.rows[0].pages);
}
