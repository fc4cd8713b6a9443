import type { Queryable, Db } from '../db/Db';

/** Keeps one user's sends in order across instances: the count and the insert are one step. */
const sendLockSpace = 7_100_026;

export type SendSlot = { allowed: true; id: number } | { allowed: false; retryAfter: number; sent: number };

/**
 * Counts a send against the user's hourly allowance before the mail goes out (so parallel
 * requests cannot pass together): under a per-user advisory lock, the sends of the last hour are
 * counted and, when below the limit, this one is logged. Refused: seconds until the oldest send
 * of the hour leaves the window.
 */
export async function takeSendSlot(db: Db, userId: number, recipients: number, perHour: number, nowMs = Date.now()): Promise<SendSlot> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, $2)', [sendLockSpace, userId]);
    const since = new Date(nowMs - 3_600_000).toISOString();
    const r = await tx.query<{ n: string; oldest: Date | string | null }>(
      'select count(*) as n, min(sent_at) as oldest from mail_sends where user_id = $1 and sent_at > $2',
      [userId, since],
    );
    const sent = Number(r.rows[0]?.n ?? 0);
    if (sent >= perHour) {
      const oldest = new Date(r.rows[0]!.oldest!).getTime();
      return { allowed: false, sent, retryAfter: Math.max(1, Math.ceil((oldest + 3_600_000 - nowMs) / 1000)) };
    }
    const ins = await tx.query<{ id: string }>('insert into mail_sends (user_id, sent_at, recipients) values ($1, $2, $3) returning id', [userId, new Date(nowMs).toISOString(), recipients]);
    // Rows older than a day serve no window: pruned here rather than by a timer.
    await tx.query("delete from mail_sends where user_id = $1 and sent_at < $2::timestamptz - interval '1 day'", [userId, since]);
    return { allowed: true, id: Number(ins.rows[0]!.id) };
  });
}

/** A send that failed before reaching the transport does not use the allowance. */
export async function returnSendSlot(db: Queryable, id: number): Promise<void> {
  await db.query('delete from mail_sends where id = $1', [id]);
}
