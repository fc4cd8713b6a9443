import type { Db } from '../db/Db';
import { mergeSearchIndexes } from '../emails/mergeSearchIndexes';
import { groupDuplicates, type DedupCandidate } from './groupDuplicates';
import { simhashBands } from './simhash';
import { importLockKey } from './storeBatch';

/** Emails grouped per transaction. */
const chunk = 500;

/**
 * Groups the emails a queued import marked `dedup_pending` (oldest first, in chunks), under the
 * import lock so no batch is stored meanwhile. Returns how many emails it grouped.
 */
export async function groupPendingDuplicates(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [importLockKey]);
      const r = await tx.query<{ muid: number; body_hash: string | null; simhash: string | null }>(
        `select muid, body_hash, simhash::text as simhash from emails where dedup_pending order by muid limit $1`,
        [chunk],
      );
      const fresh: DedupCandidate[] = r.rows.map((x) => ({
        muid: Number(x.muid),
        bodyHash: x.body_hash,
        simhash: x.simhash,
        bands: x.simhash ? simhashBands(BigInt(x.simhash)) : null,
      }));
      await groupDuplicates(tx, fresh);
      if (fresh.length > 0) {
        await tx.query(`update emails set dedup_pending = false where muid = any(array(select json_array_elements_text($1::json)::bigint))`, [
          JSON.stringify(fresh.map((c) => c.muid)),
        ]);
      }
      return fresh.length;
    });
    total += n;
    if (n < chunk) {
      // Clearing the flag wrote each grouped email anew, into the GIN indexes' pending lists too. An
      // error other than a role not owning them fails the job (retried, and in its log).
      if (total > 0) await mergeSearchIndexes(db);
      return total;
    }
  }
}
