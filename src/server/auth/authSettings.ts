import type { ThrottleRule } from './signInThrottle';

/** Lifetimes and limits of sign-in and sessions (docs/decisions/tokens-and-sessions.md). */
export interface AuthSettings {
  /** Access JWT lifetime in seconds; the client refreshes 5 minutes before it ends (000 §9). */
  accessTokenSeconds: number;
  /** A session (refresh-token family) ends this long after sign-in whatever the activity. */
  sessionMaxMs: number;
  /** 000 §9: 1,500,000 ms without activity ends the session; the server refuses to refresh it. */
  idleLimitMs: number;
  /** Sign-in attempts of one username from one address: a few, then 429 with a growing wait. */
  pairThrottle: ThrottleRule;
  /** Sign-in attempts from one address, any username (password spraying). */
  addressThrottle: ThrottleRule;
  /** Attempts on one account from addresses it never signed in from: past `limit`, those are locked for a while (its known addresses never are). */
  accountThrottle: ThrottleRule;
  /** last_activity is written at most this often per session (one write, not one per call). */
  activityWriteEveryMs: number;
  /** Origins allowed to use the portal (portal_access); null means the server's own loopback origins. */
  allowedOrigins: string[] | null;
  /** PORTAL_JWT_SECRET; otherwise generated once and kept in portal_meta. */
  jwtSecret?: string;
  now: () => number;
}

export const defaultAuthSettings: AuthSettings = {
  accessTokenSeconds: 15 * 60,
  sessionMaxMs: 12 * 60 * 60 * 1000,
  idleLimitMs: 1_500_000,
  pairThrottle: { limit: 5, windowMs: 15 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 },
  addressThrottle: { limit: 20, windowMs: 15 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 },
  // A window longer than the longest wait: an attack kept up gets one guess per 15 minutes, not a fresh 10.
  accountThrottle: { limit: 10, windowMs: 60 * 60_000, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000 },
  activityWriteEveryMs: 10_000,
  allowedOrigins: null,
  now: () => Date.now(),
};

/** Settings from the environment: PORTAL_JWT_SECRET, PORTAL_ALLOWED_ORIGINS (comma-separated). */
export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const origins = (env.PORTAL_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return {
    ...defaultAuthSettings,
    allowedOrigins: origins.length ? origins : null,
    jwtSecret: env.PORTAL_JWT_SECRET || undefined,
  };
}
