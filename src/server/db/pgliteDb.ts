import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, QueryResult } from './Db';
import { rehearsing } from './rehearsal';

const byteaOid = 17;

/**
 * bytea parameters go as they are, in the binary format, as node-postgres sends a Buffer. PGlite's
 * own serializer spells every byte as two hex digits in JavaScript (Array.from, map, padStart), and
 * sends the text through a per-character length count: the largest cost of a big parameter.
 */
function byteaBinary(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return value;
}

/**
 * Embedded PostgreSQL (WASM) persisted in a directory; `dir` undefined means in-memory (tests).
 * `loadDataDir` starts from a `dumpDataDir()` tarball instead of running initdb (a few seconds).
 */
export async function openPgliteDb(dir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  const pg = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
    // PGlite types serializers as returning text; a Uint8Array is sent as a binary parameter.
    serializers: { [byteaOid]: byteaBinary as unknown as (value: unknown) => string },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await q.query<Row>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  // PORTAL_TEST_TX_GUARD=1 (the test suites): a statement sent to the database, not to the transaction's handle,
  // from inside an open transaction would wait for that transaction's lock forever (PGlite is one connection; on
  // PostgreSQL it would take another): it fails at once, naming the statement, instead of hanging the server.
  // Off elsewhere: it keeps an AsyncLocalStorage (promise hooks on Node 20) on during every transaction.
  const inTx = process.env.PORTAL_TEST_TX_GUARD === '1' ? new AsyncLocalStorage<{ open: boolean }>() : undefined;
  let openTx = 0;
  const outer = wrap(pg);
  const refuseInTx = (what: string, sql: string) =>
    inTx?.getStore()?.open ? new Error(`${what} on the database inside its own open transaction (it would wait for itself): ${sql.slice(0, 120)}`) : undefined;
  // Runs a transaction's body marked as open for refuseInTx; with the guard off, just runs it.
  const guarded = async <T>(body: () => Promise<T>): Promise<T> => {
    if (!inTx) return body();
    const mark = { open: true };
    openTx++;
    try {
      return await inTx.run(mark, body);
    } finally {
      mark.open = false;
      // Node 20's AsyncLocalStorage tracks every promise while enabled: off between transactions.
      if (--openTx === 0) inTx.disable();
    }
  };
  const base: Queryable = {
    query(sql, params) {
      const refused = refuseInTx('a query', sql);
      return refused ? Promise.reject(refused) : outer.query(sql, params);
    },
    exec(sql) {
      const refused = refuseInTx('a statement', sql);
      return refused ? Promise.reject(refused) : outer.exec(sql);
    },
  };
  return {
    kind: 'pglite',
    ...base,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
      const dryRun = rehearsing();
      return pg.transaction(async (tx) => {
        const result = await guarded(() => fn(wrap(tx)));
        if (dryRun) await tx.rollback();
        return result;
      });
    },
    async script<Row>(sql: string): Promise<QueryResult<Row>> {
      const results = await pg.exec(sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      return pg.listen(channel, onMessage);
    },
    // A transaction holds PGlite's transaction lock, which every other query waits for; the dump
    // takes only the query lock, free between the transaction's statements. So `read` and the dump
    // see the same committed state, and a restore recovers it like a restart after a crash.
    snapshot: <T>(read: (tx: Queryable) => Promise<T>) =>
      pg.transaction(async (tx) => {
        const result = await read(wrap(tx));
        return { result, dataDir: await pg.dumpDataDir('gzip') };
      }),
    // One connection, in process: nothing to reserve for a health check, nothing more to open.
    async ping() {
      await pg.query('select 1');
    },
    async forEachConnection(fn: (q: Queryable) => Promise<void>) {
      await fn(base);
      return 1;
    },
    close: () => pg.close(),
  };
}
