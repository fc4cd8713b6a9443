import type { AuthRuntime } from './AuthRuntime';
import { forgiveAttempts, returnAttempt, takeAttempt, throttleKeys } from './signInThrottle';

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfter: number };

const iso = (ms: number) => new Date(ms).toISOString();

/** An address an account signed in from stays known this long after its last sign-in there. */
export const knownAddressMs = 90 * 24 * 60 * 60_000;

/** Whether the account signed in from this address within knownAddressMs. */
export async function isKnownAddress(rt: AuthRuntime, username: string, address: string): Promise<boolean> {
  const r = await rt.db.query('select 1 from auth_known_addresses where username = $1 and address = $2 and last_success_at >= $3', [username, address, iso(rt.settings.now() - knownAddressMs)]);
  return r.rows.length > 0;
}

/**
 * Counts one password check (a sign-in, or the current password of a password change) before the
 * password is looked at, so N parallel guesses get at most the limits' checks (ASVS V6.3.1):
 * - the (username, address) pair: a few, then 429 with a wait that doubles;
 * - the address, any username (password spraying);
 * - the account from addresses it never signed in from, whatever they are (OWASP "Blocking Brute
 *   Force Attacks"): past its limit such attempts are locked for a while (429, doubling, capped),
 *   while the owner's known addresses are never locked by it.
 * `username` is trimmed and lower case, as the throttle keys are.
 */
export async function beginPasswordAttempt(rt: AuthRuntime, username: string, address: string): Promise<AttemptVerdict> {
  const { settings } = rt;
  const keys = throttleKeys(username, address);
  const now = settings.now();
  const pair = await takeAttempt(rt.db, keys.pair, settings.pairThrottle, now);
  if (!pair.allowed) return { allowed: false, retryAfter: pair.retryAfter };
  const byAddress = await takeAttempt(rt.db, keys.address, settings.addressThrottle, now);
  if (!byAddress.allowed) return { allowed: false, retryAfter: byAddress.retryAfter };
  if (await isKnownAddress(rt, username, address)) return { allowed: true };
  const account = await takeAttempt(rt.db, keys.account, settings.accountThrottle, now);
  return account.allowed ? { allowed: true } : { allowed: false, retryAfter: account.retryAfter };
}

/**
 * A right password: the pair's failures are forgiven, the address gets its attempt back, and the
 * address becomes (or stays) one the account is known at. The account's count of attempts from
 * unknown addresses is not forgiven: the owner signing in must not hand an attacker new guesses;
 * it runs out with its window.
 */
export async function passwordAttemptSucceeded(rt: AuthRuntime, username: string, address: string): Promise<void> {
  const keys = throttleKeys(username, address);
  await forgiveAttempts(rt.db, [keys.pair]);
  await returnAttempt(rt.db, keys.address);
  await rt.db.query(
    `insert into auth_known_addresses (username, address, last_success_at) values ($1, $2, $3)
     on conflict (username, address) do update set last_success_at = excluded.last_success_at`,
    [username, address, iso(rt.settings.now())],
  );
}
