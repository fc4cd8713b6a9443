import { readCookie } from './cookies';
import { signedOutCheckEveryMs } from './sessionTimers';

export type SignedOutReason = 'expired' | 'loggedOut';

/** What the session cookies (read by `cookie`) say about this tab's session (000 §9): null while it is signed in. */
export function signedOutBy(cookie: (name: string) => string | undefined): SignedOutReason | null {
  if (cookie('isActive') === 'false') return 'expired';
  if (cookie('isSignedIn') !== 'true') return 'loggedOut';
  return null;
}

interface CookieChange {
  name: string;
  value?: string;
}
/** The part of the Cookie Store API used here (a secure context's `window.cookieStore`). */
export interface CookieChangeSource {
  addEventListener(type: 'change', listener: (e: { changed: readonly CookieChange[]; deleted: readonly CookieChange[] }) => void): void;
  removeEventListener(type: 'change', listener: (e: { changed: readonly CookieChange[]; deleted: readonly CookieChange[] }) => void): void;
}

export interface WatchOptions {
  /** The browser's cookie changes; absent outside a secure context (plain http on a host name). */
  changes?: CookieChangeSource | null;
  /** Reads the whole jar (document.cookie): a synchronous round trip to the browser process. */
  readJar?: () => string;
}

const sessionCookieNames = new Set(['isActive', 'isSignedIn']);

/**
 * Checks every second (000 §9) whether another tab or application ended the session, and calls
 * `onSignedOut` with why. Reading document.cookie is a synchronous call to the browser process that
 * held the page's main thread 6-20 ms on a loaded machine, once a second in every tab, landing in
 * keystrokes at random. Where the browser reports cookie changes (the Cookie Store API), the check
 * reads a copy those reports keep; `refresh` (the minute's session check) re-reads the jar, for a
 * cookie that expired without a report. Without the API, each check reads the jar as before.
 */
export function watchSignedOut(onSignedOut: (reason: SignedOutReason) => void, opts: WatchOptions = {}): { stop(): void; refresh(): void } {
  const readJar = opts.readJar ?? (() => document.cookie);
  const changes = opts.changes === undefined ? browserCookieChanges() : opts.changes;
  let jar: Map<string, string> | null = null;
  const load = () => {
    const all = readJar();
    jar = new Map();
    for (const name of sessionCookieNames) {
      const value = readCookie(name, all);
      if (value !== undefined) jar.set(name, value);
    }
  };
  const onChange = (e: { changed: readonly CookieChange[]; deleted: readonly CookieChange[] }) => {
    if (!jar) return;
    for (const c of e.changed) if (sessionCookieNames.has(c.name)) jar.set(c.name, c.value ?? '');
    for (const c of e.deleted) if (sessionCookieNames.has(c.name)) jar.delete(c.name);
  };
  if (changes) {
    changes.addEventListener('change', onChange);
    load();
  }
  const timer = setInterval(() => {
    const copy = jar;
    const all = copy ? '' : readJar();
    const why = signedOutBy(copy ? (name) => copy.get(name) : (name) => readCookie(name, all));
    if (why) onSignedOut(why);
  }, signedOutCheckEveryMs);
  return {
    stop() {
      clearInterval(timer);
      changes?.removeEventListener('change', onChange);
    },
    refresh() {
      if (jar) load();
    },
  };
}

function browserCookieChanges(): CookieChangeSource | null {
  if (typeof window === 'undefined' || !window.isSecureContext) return null;
  return (window as unknown as { cookieStore?: CookieChangeSource }).cookieStore ?? null;
}
