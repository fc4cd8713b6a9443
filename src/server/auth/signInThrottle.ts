import type { Queryable } from '../db/Db';

/** One counter's policy: how many attempts pass, then how long (growing) a blocked key waits. */
export interface ThrottleRule {
  /** Attempts allowed in the window before the key is blocked. */
  limit: number;
  /** A key with no attempt for this long starts again from zero. */
  windowMs: number;
  /** The first block lasts this long; each further blocked attempt doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Attempts counted in the window, this one included when allowed. */
  failures: number;
  /** Seconds to wait (0 when allowed). */
  retryAfter: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Counts one attempt for a key in a single atomic upsert and says whether it may go ahead. The
 * attempt is counted before the password is checked (and forgiven on success), so N parallel
 * guesses get at most `limit` password checks. A blocked attempt does not move the counter, but
 * the wait it is told grows with the failures counted (2^(failures - limit) x baseDelay).
 * State lives in the database: every portal instance on the same database shares it.
 */
export async function takeAttempt(db: Queryable, key: string, rule: ThrottleRule, nowMs: number): Promise<ThrottleVerdict> {
  // delay(n) = least(max, base * 2^(n - limit)) once n >= limit; expired rows start over.
  const r = await db.query<{ failures: number; last_at: string | Date; allowed: boolean }>(
    `insert into auth_throttle as t (key, failures, last_at, allowed) values ($1, 1, $2, $3 > 0)
     on conflict (key) do update set
       allowed = case
         when t.last_at < $2::timestamptz - make_interval(secs => $4::float8 / 1000) then true
         when t.failures < $3 then true
         else $2::timestamptz >= t.last_at + make_interval(secs => least($6::float8, $5::float8 * power(2, least(t.failures - $3, 30))) / 1000)
       end,
       failures = case
         when t.last_at < $2::timestamptz - make_interval(secs => $4::float8 / 1000) then 1
         when t.failures < $3 or $2::timestamptz >= t.last_at + make_interval(secs => least($6::float8, $5::float8 * power(2, least(t.failures - $3, 30))) / 1000) then t.failures + 1
         else t.failures
       end,
       last_at = case
         when t.last_at < $2::timestamptz - make_interval(secs => $4::float8 / 1000) then $2::timestamptz
         when t.failures < $3 or $2::timestamptz >= t.last_at + make_interval(secs => least($6::float8, $5::float8 * power(2, least(t.failures - $3, 30))) / 1000) then $2::timestamptz
         else t.last_at
       end
     returning failures, last_at, allowed`,
    [key, iso(nowMs), rule.limit, rule.windowMs, rule.baseDelayMs, rule.maxDelayMs],
  );
  const row = r.rows[0];
  if (row.allowed) return { allowed: true, failures: row.failures, retryAfter: 0 };
  const delay = Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(row.failures - rule.limit, 30));
  const until = new Date(row.last_at).getTime() + delay;
  return { allowed: false, failures: row.failures, retryAfter: Math.max(1, Math.ceil((until - nowMs) / 1000)) };
}

/** A successful sign-in forgives the attempt it counted (and earlier failures of the same key). */
export async function forgiveAttempts(db: Queryable, keys: string[]): Promise<void> {
  await db.query('delete from auth_throttle where key = any($1)', [keys]);
}

/** Gives back one counted attempt (the per-address counter after a successful sign-in). */
export async function returnAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('update auth_throttle set failures = greatest(failures - 1, 0) where key = $1', [key]);
}

/** Keys of one sign-in attempt. */
export const throttleKeys = (username: string, address: string) => ({
  pair: `pair:${username}|${address}`,
  address: `addr:${address}`,
  account: `user:${username}`,
});
