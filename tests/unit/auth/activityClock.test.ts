// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastActivity, recordActivity, resetActivity } from '../../../src/app/auth/activityClock';

const key = 'portal.lastActivity';
afterEach(() => vi.useRealTimers());

describe('activity clock (000 §4: idle sign-out, shared by the tabs)', () => {
  it('knows an activity at once and tells the other tabs after the event, at most once a second', () => {
    vi.useFakeTimers();
    resetActivity(1_000_000);
    expect(localStorage.getItem(key)).toBe('1000000');
    recordActivity(1_005_000);
    expect(lastActivity()).toBe(1_005_000);
    // The storage write waits until the page is idle, not in the press or key itself.
    expect(localStorage.getItem(key)).toBe('1000000');
    recordActivity(1_005_500);
    recordActivity(1_007_000);
    vi.runAllTimers();
    expect(localStorage.getItem(key)).toBe('1007000');
    expect(lastActivity()).toBe(1_007_000);
  });

  it('counts another tab\'s later activity', () => {
    resetActivity(2_000_000);
    localStorage.setItem(key, '2100000');
    expect(lastActivity()).toBe(2_100_000);
  });
});
