import type { Db } from '../db/Db';
import { emailDashboardFile } from '../emails/emailMessages';
import { metadataStore } from '../metadata/metadataStore';

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Gives the demo panelists realistic flags, once: about half have none, the rest one or two of
 * their type's flag list (schemas/dashboards/emails.json `flags`: producer or default), chosen by a
 * stable hash of the panelist id so every install gets the same. Emails imported afterwards carry
 * their panelist's flags. Returns how many panelists got flags, or null when some already have flags.
 */
export async function seedPanelistFlags(db: Db): Promise<number | null> {
  const dashboard = metadataStore().current().metadata.files[emailDashboardFile] as { flags?: Record<string, string[]> } | undefined;
  const lists = dashboard?.flags ?? {};
  return db.transaction(async (tx) => {
    const done = await tx.query('select 1 from panelists where cardinality(flags) > 0 limit 1');
    if (done.rows.length) return null;
    const panelists = (await tx.query<{ panelist_id: number; panelist_type: string }>('select panelist_id, panelist_type from panelists order by panelist_id')).rows;
    const rows: Array<{ panelist_id: number; flags: string[] }> = [];
    for (const p of panelists) {
      const list = lists[p.panelist_type] ?? lists.default ?? [];
      const h = fnv1a(`flags:${p.panelist_id}`);
      const n = h % 100 < 50 ? 0 : h % 100 < 82 ? 1 : 2;
      if (!n || !list.length) continue;
      const first = (h >>> 8) % list.length;
      const second = (first + 1 + ((h >>> 16) % (list.length - 1 || 1))) % list.length;
      rows.push({ panelist_id: p.panelist_id, flags: n === 1 || second === first ? [list[first]] : [list[first], list[second]] });
    }
    await tx.query(
      `update panelists p set flags = x.flags from jsonb_to_recordset($1::jsonb) as x(panelist_id integer, flags text[]) where p.panelist_id = x.panelist_id`,
      [JSON.stringify(rows)],
    );
    // Emails already in (an inbox imported before the flags) carry them too.
    await tx.query(`update emails e set flags = p.flags from panelists p where p.panelist_id = e.panelist_id and cardinality(e.flags) = 0 and cardinality(p.flags) > 0`);
    return rows.length;
  });
}
