/** 000 §9's session constants and the pure decisions the timers make. */
export const idleLimitMs = 1_500_000;
export const sessionCheckEveryMs = 60_000;
export const signedOutCheckEveryMs = 1_000;

/** The idle limit is reached: sign out. */
export function isIdle(nowMs: number, lastActivityMs: number, limitMs = idleLimitMs): boolean {
  return nowMs - lastActivityMs >= limitMs;
}

/** Refresh once the stored expiry time has passed (a missing or broken value counts as passed). */
export function shouldRefresh(nowMs: number, tokenExpireTime: string | undefined): boolean {
  const at = Number(tokenExpireTime);
  return !tokenExpireTime || !Number.isFinite(at) || nowMs >= at;
}

/** The new expiry after a refresh: the returned lifetime (seconds) in minutes, minus 5 minutes. */
export function nextTokenExpireTime(nowMs: number, lifetimeSeconds: number): number {
  return nowMs + (lifetimeSeconds / 60 - 5) * 60_000;
}
