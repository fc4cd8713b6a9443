import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchSignedOut, type CookieChangeSource } from '../../../src/app/auth/watchSignedOut';

// 000 §9: every second, a tab checks whether another tab or application signed out. Reading
// document.cookie blocks the page on the browser process, so where the browser reports cookie
// changes the check reads a copy those reports keep, and reads the jar only at the start and once a
// minute (refresh).

/** A stand-in for `window.cookieStore`: `emit` is a cookie change the browser reports. */
function fakeChanges() {
  const listeners = new Set<Parameters<CookieChangeSource['addEventListener']>[1]>();
  const source: CookieChangeSource = { addEventListener: (_t, l) => void listeners.add(l), removeEventListener: (_t, l) => void listeners.delete(l) };
  return { source, listeners, emit: (e: { changed?: Array<{ name: string; value: string }>; deleted?: Array<{ name: string }> }) => listeners.forEach((l) => l({ changed: e.changed ?? [], deleted: e.deleted ?? [] })) };
}

describe('watchSignedOut', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('with reported changes: reads the jar once, then signs out within a second of a reported change, why as the cookies say', () => {
    let jar = 'isSignedIn=true; isActive=true; user_id=1';
    const readJar = vi.fn(() => jar);
    const changes = fakeChanges();
    const onSignedOut = vi.fn();
    const w = watchSignedOut(onSignedOut, { changes: changes.source, readJar });
    vi.advanceTimersByTime(5_000);
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(readJar).toHaveBeenCalledTimes(1);
    // An unrelated cookie changes: still signed in.
    changes.emit({ changed: [{ name: 'lastVisitedUrl', value: '/x' }] });
    vi.advanceTimersByTime(1_000);
    expect(onSignedOut).not.toHaveBeenCalled();
    // Another tab signs out: its answer clears isSignedIn.
    jar = 'isSignedIn=false; isActive=true';
    changes.emit({ changed: [{ name: 'isSignedIn', value: 'false' }] });
    expect(onSignedOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onSignedOut).toHaveBeenCalledWith('loggedOut');
    expect(readJar).toHaveBeenCalledTimes(1);
    w.stop();
    expect(changes.listeners.size).toBe(0);
  });

  it("an idle sign-out elsewhere (isActive=false) is 'expired'; a deleted isSignedIn is 'loggedOut'", () => {
    const changes = fakeChanges();
    const seen: string[] = [];
    const w = watchSignedOut((why) => seen.push(why), { changes: changes.source, readJar: () => 'isSignedIn=true; isActive=true' });
    changes.emit({ changed: [{ name: 'isActive', value: 'false' }] });
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual(['expired']);
    w.stop();
    const again = fakeChanges();
    const seen2: string[] = [];
    const w2 = watchSignedOut((why) => seen2.push(why), { changes: again.source, readJar: () => 'isSignedIn=true' });
    again.emit({ deleted: [{ name: 'isSignedIn' }] });
    vi.advanceTimersByTime(1_000);
    expect(seen2).toEqual(['loggedOut']);
    w2.stop();
  });

  it('refresh re-reads the jar: a session cookie that expired without a report is seen', () => {
    let jar = 'isSignedIn=true';
    const onSignedOut = vi.fn();
    const w = watchSignedOut(onSignedOut, { changes: fakeChanges().source, readJar: () => jar });
    jar = '';
    vi.advanceTimersByTime(3_000);
    expect(onSignedOut).not.toHaveBeenCalled();
    w.refresh();
    vi.advanceTimersByTime(1_000);
    expect(onSignedOut).toHaveBeenCalledWith('loggedOut');
    w.stop();
  });

  it('without reported changes (not a secure context): reads the jar every second', () => {
    let jar = 'isSignedIn=true';
    const readJar = vi.fn(() => jar);
    const onSignedOut = vi.fn();
    const w = watchSignedOut(onSignedOut, { changes: null, readJar });
    vi.advanceTimersByTime(3_000);
    expect(readJar).toHaveBeenCalledTimes(3);
    expect(onSignedOut).not.toHaveBeenCalled();
    jar = 'isSignedIn=false';
    vi.advanceTimersByTime(1_000);
    expect(onSignedOut).toHaveBeenCalledWith('loggedOut');
    w.stop();
  });
});
