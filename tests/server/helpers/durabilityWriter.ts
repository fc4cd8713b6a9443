/**
 * Child process for the durability test: writes committed rows to a PGlite DATA_DIR in a loop and
 * prints `committed <n>` after each COMMIT returns. The test kill -9's it mid-loop. Its tables are its
 * own: the portal's migrations are not the point (the test starts it on the suite's migrated copy, no initdb).
 * Usage: node --import tsx tests/server/helpers/durabilityWriter.ts <dataDir>
 */
import { randomBytes } from 'node:crypto';
import { openDb } from '../../../src/server/db/openDb';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: durabilityWriter.ts <dataDir>');
const db = await openDb({ dataDir });
await db.exec(`create table if not exists durability_probe (n integer primary key, payload text not null);
  create table if not exists durability_counter (id int primary key, total integer not null);
  insert into durability_counter values (1, 0) on conflict do nothing;`);
const start = (await db.query<{ m: number | null }>('select max(n) as m from durability_probe')).rows[0].m ?? 0;
process.stdout.write(`ready ${start}\n`);
for (let n = start + 1; ; n++) {
  // Two tables in one transaction, so a torn commit would show up as a count mismatch.
  await db.transaction(async (tx) => {
    await tx.query('insert into durability_probe (n, payload) values ($1, $2)', [n, randomBytes(2048).toString('hex')]);
    await tx.query('update durability_counter set total = total + 1 where id = 1');
  });
  process.stdout.write(`committed ${n}\n`);
}
