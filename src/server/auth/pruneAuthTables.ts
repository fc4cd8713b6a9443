import type { FastifyInstance } from 'fastify';
import type { AuthRuntime } from './AuthRuntime';
import { knownAddressMs } from './passwordAttempts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes what no longer matters (ASVS V2.4 resource limits): throttle counters idle past their
 * window, addresses an account last signed in from 90 days ago, and the refresh tokens and sessions that ended more than a day ago. Returns rows deleted.
 */
export async function pruneAuthTables(rt: AuthRuntime): Promise<number> {
  const { settings, db } = rt;
  const now = settings.now();
  const longest = Math.max(...[settings.pairThrottle, settings.addressThrottle, settings.accountThrottle].map((t) => t.windowMs + t.maxDelayMs));
  const throttle = await db.query('delete from auth_throttle where last_at < $1', [iso(now - longest)]);
  const known = await db.query('delete from auth_known_addresses where last_success_at < $1', [iso(now - knownAddressMs)]);
  const ended = iso(now - 24 * 60 * 60_000);
  // Tokens go with their session (on delete cascade).
  const sessions = await db.query('delete from auth_sessions where expires_at < $1 or revoked_at < $1', [ended]);
  return throttle.rowCount + known.rowCount + sessions.rowCount;
}

/** Prunes at start and every 10 minutes while the server runs (timer unref'd, stopped on close). */
export function startAuthPruning(app: FastifyInstance, rt: AuthRuntime): void {
  const run = () => pruneAuthTables(rt).catch((err: unknown) => app.log.warn({ err }, 'auth pruning failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, 10 * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
