import type { Queryable } from '../db/Db';

/** A freshly stored email that may duplicate others. */
export interface DedupCandidate {
  muid: number;
  bodyHash: string | null;
  /** Signed 64-bit simhash as a decimal string. */
  simhash: string | null;
  bands: [number, number, number, number] | null;
}

/** Simhash Hamming distance at or below which two emails are near-duplicates. */
export const nearDuplicateDistance = 3;
/** Near-duplicate matches examined per new email (enough to reach every group it touches). */
const maxNearMatches = 32;

interface MemberRow {
  muid: number;
  body_hash: string | null;
  email_date: string | null;
  email_subject: string;
  email_from_name: string;
  dedup_group_id: number | null;
}

function find(parent: Map<number, number>, x: number): number {
  let root = x;
  while (parent.get(root) !== root) root = parent.get(root) as number;
  while (parent.get(x) !== root) {
    const next = parent.get(x) as number;
    parent.set(x, root);
    x = next;
  }
  return root;
}

/**
 * Links new emails to earlier ones with the same normalised body hash (exact) or a simhash within
 * Hamming distance 3 (near, found through the four 16-bit bands), and rewrites the affected dedup
 * groups: the earliest email (by date, then muid) is the original, the rest its duplicates.
 */
export async function groupDuplicates(tx: Queryable, fresh: DedupCandidate[]): Promise<void> {
  if (fresh.length === 0) return;
  const input = JSON.stringify(
    fresh.map((c) => ({ muid: c.muid, body_hash: c.bodyHash, simhash: c.simhash, b0: c.bands?.[0], b1: c.bands?.[1], b2: c.bands?.[2], b3: c.bands?.[3] })),
  );
  // Any one link per match kind is enough: every email with that body hash, or within the band,
  // is already in one group, so stopping early (limit, no ordering) keeps popular mailings cheap.
  const links = await tx.query<{ a: number; b: number }>(
    `with n as (select * from json_to_recordset($1::json)
       as x(muid bigint, body_hash text, simhash bigint, b0 integer, b1 integer, b2 integer, b3 integer))
     select n.muid as a, c.muid as b from n cross join lateral (
       select e.muid from emails e where n.body_hash is not null and e.body_hash = n.body_hash and e.muid <> n.muid
       limit 1) c
     union
     select n.muid, c.muid from n cross join lateral (
       select e.muid from emails e
       where n.simhash is not null and e.simhash is not null and e.muid <> n.muid
         and ((e.simhash & 65535) = n.b0 or ((e.simhash >> 16) & 65535) = n.b1
           or ((e.simhash >> 32) & 65535) = n.b2 or ((e.simhash >> 48) & 65535) = n.b3)
         and bit_count((e.simhash # n.simhash)::bit(64)) <= $2
       limit ${maxNearMatches}) c`,
    [input, nearDuplicateDistance],
  );
  if (links.rows.length === 0) return;

  const parent = new Map<number, number>();
  const add = (x: number) => parent.has(x) || parent.set(x, x);
  for (const { a, b } of links.rows) {
    const x = Number(a);
    const y = Number(b);
    add(x);
    add(y);
    const rx = find(parent, x);
    const ry = find(parent, y);
    if (rx !== ry) parent.set(rx, ry);
  }

  // Pull in whole existing groups that a link touches, so merges keep every member.
  const nodes = [...parent.keys()];
  const known = await tx.query<MemberRow>(
    `with nodes as (select json_array_elements_text($1::json)::bigint as muid),
       ids as (select muid from nodes
         union select m.muid from dedup_members m where m.group_id in (select t.group_id from dedup_members t join nodes n on n.muid = t.muid))
     select e.muid, e.body_hash, e.email_date, e.email_subject, e.email_from_name, m.group_id as dedup_group_id
     from ids join emails e on e.muid = ids.muid left join dedup_members m on m.muid = e.muid`,
    [JSON.stringify(nodes)],
  );
  const rows = new Map(known.rows.map((r) => [Number(r.muid), { ...r, muid: Number(r.muid), dedup_group_id: r.dedup_group_id === null ? null : Number(r.dedup_group_id) }]));
  const byGroup = new Map<number, number>();
  for (const r of rows.values()) {
    add(r.muid);
    if (r.dedup_group_id === null) continue;
    const first = byGroup.get(r.dedup_group_id);
    if (first === undefined) byGroup.set(r.dedup_group_id, r.muid);
    else {
      const ra = find(parent, first);
      const rb = find(parent, r.muid);
      if (ra !== rb) parent.set(ra, rb);
    }
  }

  const components = new Map<number, number[]>();
  for (const x of parent.keys()) {
    const root = find(parent, x);
    const list = components.get(root) ?? [];
    list.push(x);
    components.set(root, list);
  }

  // Every changed group is written with one statement per kind for the whole batch.
  const updates: Array<Record<string, unknown>> = [];
  const merged: number[] = [];
  const created: Array<Record<string, unknown>> = [];
  const memberRows: Array<{ group: number | null; original: number; muid: number; match: string }> = [];
  for (const members of components.values()) {
    if (members.length < 2) continue;
    const m = members.map((x) => rows.get(x)).filter((r): r is MemberRow => r !== undefined);
    m.sort((p, q) => {
      const tp = p.email_date ? Date.parse(p.email_date) : Infinity;
      const tq = q.email_date ? Date.parse(q.email_date) : Infinity;
      return tp !== tq ? tp - tq : p.muid - q.muid;
    });
    const original = m[0];
    const groupIds = [...new Set(m.map((r) => r.dedup_group_id).filter((g): g is number => g !== null))].sort((a, b) => a - b);
    const duplicates = m.slice(1).map((r) => r.muid).sort((a, b) => a - b);
    const fields = {
      original_muid: original.muid,
      email_subject: original.email_subject,
      original_sender_name: original.email_from_name,
      original_date: original.email_date,
      duplicates: duplicates.join(','),
      total_duplicates: duplicates.length,
    };
    const groupId = groupIds.length > 0 ? groupIds[0] : null;
    if (groupId === null) created.push(fields);
    else {
      updates.push({ id: groupId, ...fields });
      merged.push(...groupIds.slice(1));
    }
    for (let i = 0; i < m.length; i++) {
      const r = m[i];
      memberRows.push({ group: groupId, original: original.muid, muid: r.muid, match: i === 0 ? 'original' : r.body_hash && r.body_hash === original.body_hash ? 'exact' : 'near' });
    }
  }
  const groupColumns = `original_muid bigint, email_subject text, original_sender_name text, original_date timestamptz, duplicates text, total_duplicates integer`;
  if (updates.length > 0) {
    await tx.query(
      `update dedup_groups g set original_muid = x.original_muid, email_subject = x.email_subject, original_sender_name = x.original_sender_name,
         original_date = x.original_date, duplicates = x.duplicates, total_duplicates = x.total_duplicates, updated_at = now()
       from json_to_recordset($1::json) as x(id bigint, ${groupColumns}) where g.id = x.id`,
      [JSON.stringify(updates)],
    );
  }
  // Merged groups go before their members are moved (deleting a group deletes its member rows).
  if (merged.length > 0) await tx.query(`delete from dedup_groups where id = any(array(select json_array_elements_text($1::json)::bigint))`, [JSON.stringify(merged)]);
  if (created.length > 0) {
    // A new group is known by its original, which belongs to exactly one component.
    const res = await tx.query<{ id: number; original_muid: number }>(
      `insert into dedup_groups (original_muid, email_subject, original_sender_name, original_date, duplicates, total_duplicates)
       select x.original_muid, x.email_subject, x.original_sender_name, x.original_date, x.duplicates, x.total_duplicates
       from json_to_recordset($1::json) as x(${groupColumns})
       returning id, original_muid`,
      [JSON.stringify(created)],
    );
    const byOriginal = new Map(res.rows.map((r) => [Number(r.original_muid), Number(r.id)]));
    for (const r of memberRows) if (r.group === null) r.group = byOriginal.get(r.original) ?? null;
  }
  if (memberRows.length > 0) {
    await tx.query(
      `insert into dedup_members (group_id, muid, match)
       select x.group_id, x.muid, x.match from json_to_recordset($1::json) as x(group_id bigint, muid bigint, match text)
       on conflict (muid) do update set group_id = excluded.group_id, match = excluded.match
       where (dedup_members.group_id, dedup_members.match) is distinct from (excluded.group_id, excluded.match)`,
      [JSON.stringify(memberRows.filter((r) => r.group !== null).map((r) => ({ group_id: r.group, muid: r.muid, match: r.match })))],
    );
  }
}
