import type { AuthContext } from '../auth/AuthContext';
import type { Queryable } from '../db/Db';

/** One activity row per changed email (who, what, when, before/after). */
export async function recordEmailActivity(
  tx: Queryable,
  auth: AuthContext | null,
  action: string,
  changes: Array<{ muid: number; before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `insert into activity (user_id, username, entity, entity_id, action, before, after)
     select $1, $2, 'email', x.muid::text, $3, x.before, x.after
     from json_to_recordset($4::json) as x(muid bigint, before jsonb, after jsonb)`,
    [auth?.userId ?? null, auth?.username ?? null, action, JSON.stringify(changes)],
  );
}
