import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/server/db/Db';
import { mergeSearchIndexes } from '../../src/server/emails/mergeSearchIndexes';
import { openTestDb } from './helpers/testDb';

// The merge after an import is a speed-up: a role that may not run it (it does not own the indexes)
// skips it, and any other failure reaches the caller instead of vanishing (the import and seed log it,
// the grouping job fails and is retried).
describe('merging the emails search indexes’ pending lists', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('merges as the indexes’ owner', async () => {
    await expect(mergeSearchIndexes(db)).resolves.toBeGreaterThanOrEqual(0);
  });

  // Each case runs in a transaction it rolls back (the role and the rename leave nothing behind).
  const rolledBack = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    let result: { value: T } | undefined;
    await db
      .transaction(async (tx) => {
        result = { value: await work(tx) };
        throw new Error('roll back');
      })
      .catch((e: unknown) => {
        if (!result) throw e;
      });
    return result!.value;
  };

  it('skips the merge, without an error, for a role that does not own the indexes', async () => {
    const merged = await rolledBack(async (tx) => {
      await tx.query('create role search_reader nologin');
      await tx.query('grant select on all tables in schema public to search_reader');
      await tx.query('savepoint as_reader');
      await tx.query('set local role search_reader');
      const pages = await mergeSearchIndexes(tx);
      // PostgreSQL refused it, so the transaction is usable again only from the savepoint.
      await tx.query('rollback to savepoint as_reader');
      return pages;
    });
    expect(merged).toBe(0);
  });

  it('passes on any other error', async () => {
    const err = await rolledBack(async (tx) => {
      await tx.query('alter table emails rename to emails_elsewhere');
      return mergeSearchIndexes(tx).catch((e: unknown) => e);
    });
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toMatch(/emails/);
  });
});
