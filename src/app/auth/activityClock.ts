/**
 * The last touch, mouse or key activity (000 §4), shared by the tabs through localStorage so an
 * active tab keeps the others from signing out.
 */
const storageKey = 'portal.lastActivity';
let last = 0;
let writePending = false;

function writeLast(): void {
  writePending = false;
  try {
    localStorage.setItem(storageKey, String(last));
  } catch {
    // Storage may be unavailable (privacy mode): the in-memory value still works for this tab.
  }
}

/**
 * This tab knows at once; the other tabs when the page is next idle: the storage write ran in the
 * press or key that starts an editor action (9 ms of a Save Promotion click's profile at 4x CPU).
 */
export function recordActivity(now = Date.now()): void {
  // Writing storage on every mousemove is wasteful: once a second is plenty for a 25-minute limit.
  if (now - last < 1000) return;
  last = now;
  if (writePending) return;
  writePending = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(writeLast, { timeout: 1000 });
  else setTimeout(writeLast, 0);
}

export function lastActivity(): number {
  let stored = 0;
  try {
    stored = Number(localStorage.getItem(storageKey)) || 0;
  } catch {
    stored = 0;
  }
  return Math.max(last, stored);
}

/** Starts the idle clock afresh (at sign-in). */
export function resetActivity(now = Date.now()): void {
  last = now;
  writeLast();
}

export const activityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;
