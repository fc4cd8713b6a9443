import { describe, expect, it } from 'vitest';
import { idleLimitMs, isIdle, nextTokenExpireTime, sessionCheckEveryMs, shouldRefresh, signedOutCheckEveryMs } from '../../../src/app/auth/sessionTimers';

describe('session timers (000 §9)', () => {
  it('uses the spec constants: idle 1,500,000 ms checked every 60 s, sign-out in another tab every 1 s', () => {
    expect(idleLimitMs).toBe(1_500_000);
    expect(sessionCheckEveryMs).toBe(60_000);
    expect(signedOutCheckEveryMs).toBe(1_000);
  });

  it('is idle once 1,500,000 ms have passed since the last activity, not before', () => {
    expect(isIdle(1_000_000 + 1_499_999, 1_000_000)).toBe(false);
    expect(isIdle(1_000_000 + 1_500_000, 1_000_000)).toBe(true);
  });

  it('refreshes once the expiry time has passed, or when it is missing or broken', () => {
    expect(shouldRefresh(999, '1000')).toBe(false);
    expect(shouldRefresh(1000, '1000')).toBe(true);
    expect(shouldRefresh(1000, undefined)).toBe(true);
    expect(shouldRefresh(1000, 'soon')).toBe(true);
  });

  it('sets the new expiry to the lifetime in minutes minus 5 minutes', () => {
    expect(nextTokenExpireTime(0, 900)).toBe(10 * 60_000);
    expect(nextTokenExpireTime(5_000, 3600)).toBe(5_000 + 55 * 60_000);
  });
});
