import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/Db';
import { openPostgresDb } from '../../src/server/db/postgresDb';
import type { JobQueue } from '../../src/server/jobs/JobQueue';
import { openJobQueue } from '../../src/server/jobs/openJobQueue';
import { createTestDatabase, testDbKind } from './helpers/testDb';

// Issue 17 item 3: instances started together on one PostgreSQL server register the same job kinds
// at the same moment. pg-boss creates a queue's partition with DDL (a foreign key to its queue table)
// after inserting the queue row, so two instances creating the same new queue can deadlock; the one
// PostgreSQL aborts must still come up (it did not: `portal serve` exited before it was ready).
describe.skipIf(testDbKind !== 'postgres')('two job queues on one PostgreSQL database', () => {
  const opened: Array<{ db: Db; jobs?: JobQueue }> = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const o of opened) await o.jobs?.stop();
    for (const o of opened) await o.db.close();
    await drop?.();
  });

  it('register the same new kinds at once, every registration succeeding on both', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    for (let i = 0; i < 2; i++) {
      const db = await openPostgresDb(database.url);
      opened.push({ db });
    }
    // The schema is created by one first, as `portal serve` does before its jobs (migrations, then pg-boss).
    opened[0].jobs = await openJobQueue(opened[0].db);
    opened[1].jobs = await openJobQueue(opened[1].db);
    const [a, b] = opened.map((o) => o.jobs as JobQueue);
    const kinds = Array.from({ length: 24 }, (_, i) => `race.kind${i}`);
    const results = await Promise.allSettled(kinds.flatMap((k) => [a.register(k, async () => ({})), b.register(k, async () => ({}))]));
    const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    const queues = await opened[0].db.query<{ n: number }>(`select count(*)::int as n from pgboss.queue where name like 'race.%'`);
    expect(queues.rows[0].n).toBe(kinds.length);
  });
});
