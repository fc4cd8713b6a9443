import type { Db, Queryable } from '../db/Db';
import { getMeta, setMeta } from '../portalMeta';
import { generateReference, REFERENCE_SEED } from './generateReference';

/** portal_meta key set (with the counts) once the demo reference rows are in. */
export const referenceSeededKey = 'reference_seeded';

export interface ReferenceCounts {
  companies: number;
  affinities: number;
  panelists: number;
  publications: number;
}

/** Table, identity column and the columns to insert, per generated array. */
const TABLES = {
  companies: { id: 'companyID', columns: ['companyID', 'companyName', 'default_img', 'isWorksiteVoluntary', 'isMilitaryCo', 'isInsuranceExchange', 'co_states', 'associatedProductName'] },
  affinities: { id: 'affinityID', columns: ['affinityID', 'affinityName', 'AffinityCategoryName'] },
  panelists: { id: 'panelist_id', columns: ['panelist_id', 'competi_id', 'first_name', 'last_name', 'email', 'age', 'gender', 'incomeID', 'stateID', 'panelist_type', 'owner_type', 'country'] },
  publications: { id: 'publicationID', columns: ['publicationID', 'publicationName', 'p_stateID', 'p_primary_country'] },
} as const;

// Rows go in as one jsonb parameter per batch, typed by the table's own row type: one round trip
// per few hundred rows, no per-column casts, and JSON arrays become integer[] (co_states).
const BATCH = 1000;

async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: readonly object[]): Promise<void> {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.query(
      `insert into ${table} (${cols}) select ${cols} from jsonb_populate_recordset(null::${table}, $1::jsonb)`,
      [JSON.stringify(rows.slice(i, i + BATCH))],
    );
  }
}

/**
 * Loads the generated reference rows once per database (portal_meta 'reference_seeded'), in one
 * transaction. Returns the counts inserted, or null when the rows were already there.
 */
export async function seedReference(db: Db, log: (msg: string) => void = () => undefined): Promise<ReferenceCounts | null> {
  const started = performance.now();
  const counts = await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL server must not both insert.
    await tx.query("select pg_advisory_xact_lock(hashtext('portal.seed.reference'))");
    if (await getMeta(tx, referenceSeededKey)) return null;
    const data = generateReference();
    for (const [table, { id, columns }] of Object.entries(TABLES)) {
      await insertRows(tx, table, columns, data[table as keyof typeof TABLES]);
      // Explicit ids bypassed the identity sequence; move it past them for rows added later.
      await tx.query(`select setval(pg_get_serial_sequence('${table}', '${id}'), (select max("${id}") from ${table}))`);
    }
    const result: ReferenceCounts = {
      companies: data.companies.length,
      affinities: data.affinities.length,
      panelists: data.panelists.length,
      publications: data.publications.length,
    };
    await setMeta(tx, referenceSeededKey, { seed: REFERENCE_SEED, ...result });
    return result;
  });
  if (!counts) {
    log('seed: reference data already loaded');
    return null;
  }
  const ms = Math.round(performance.now() - started);
  log(`seed: reference data loaded (${counts.companies} companies, ${counts.affinities} affinities, ${counts.panelists} panelists, ${counts.publications} publications) in ${ms} ms`);
  return counts;
}
