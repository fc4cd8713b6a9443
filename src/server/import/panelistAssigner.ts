import type { Queryable } from '../db/Db';

export interface PanelistRef {
  panelist_id: number;
  panelist_type: string | null;
  competi_id: number | null;
}

/**
 * How an imported email gets its panelist: `match` takes the panelist whose address is one of the
 * recipients; `hash` (demo corpus) maps the first recipient address to a panelist row by a stable
 * hash, so the same recipient always lands on the same panelist.
 */
export type PanelistMode = 'match' | 'hash' | 'none';

export type PanelistAssigner = (recipients: string[]) => PanelistRef | null;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Loads the panelists table (created by the reference-data migration) when it exists. */
export async function loadPanelistAssigner(db: Queryable, mode: PanelistMode): Promise<PanelistAssigner> {
  const none: PanelistAssigner = () => null;
  if (mode === 'none') return none;
  const exists = await db.query<{ t: string | null }>(`select to_regclass('panelists')::text as t`);
  if (!exists.rows[0]?.t) return none;
  const cols = new Set(
    (await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'panelists' and table_schema = current_schema()`)).rows.map((r) => r.column_name),
  );
  if (!cols.has('panelist_id')) return none;
  const select = [
    'panelist_id::integer as panelist_id',
    cols.has('email') ? 'lower(email::text) as email' : 'null::text as email',
    cols.has('panelist_type') ? 'panelist_type::text as panelist_type' : 'null::text as panelist_type',
    cols.has('competi_id') ? 'competi_id::integer as competi_id' : 'null::integer as competi_id',
  ].join(', ');
  const rows = (await db.query<PanelistRef & { email: string | null }>(`select ${select} from panelists order by panelist_id`)).rows;
  if (rows.length === 0) return none;
  const strip = ({ panelist_id, panelist_type, competi_id }: PanelistRef): PanelistRef => ({ panelist_id, panelist_type, competi_id });
  if (mode === 'match') {
    const byEmail = new Map(rows.filter((r) => r.email).map((r) => [r.email as string, strip(r)]));
    return (recipients) => {
      for (const r of recipients) {
        const hit = byEmail.get(r);
        if (hit) return hit;
      }
      return null;
    };
  }
  return (recipients) => strip(rows[fnv1a(recipients[0] ?? '') % rows.length]);
}
