import type { Envelope, RoleData } from '../../api/authTypes';
import { apiJson } from './apiFetch';
import { readCookie } from './cookies';
import { originAllowed, parsePortalAccess } from './originAllowed';

/** The role data asked for during boot: the answer, and its payload once it arrived. */
export interface PrefetchedPermissions {
  answer: Promise<Envelope<RoleData>>;
  role?: RoleData;
}

let prefetched: PrefetchedPermissions | null = null;

/**
 * True when SessionGate's boot would ask for the role data at once: signed in, and the stored
 * portal_access list allows this origin (a first visit without the list waits for the server's).
 */
export function bootMayAskPermissions(): boolean {
  if (readCookie('isSignedIn') !== 'true') return false;
  const stored = parsePortalAccess(readCookie('portal_access'));
  return stored.length > 0 && originAllowed(window.location.origin, stored);
}

/**
 * Starts GET permissions while the code loads (issue 17: first load), so the session check does not
 * hold the first render for a request sent only after React mounted. A 401 is left to SessionGate,
 * which ends the session as apiFetch's handler would (that handler is not set yet at boot).
 */
export function prefetchPermissions(): Promise<unknown> | null {
  if (!bootMayAskPermissions()) return null;
  const entry: PrefetchedPermissions = { answer: apiJson<Envelope<RoleData>>('/api/auth/permissions', { skipUnauthorizedHandler: true }) };
  entry.answer.then(
    (r) => (entry.role = r.payload),
    () => undefined,
  );
  prefetched = entry;
  return entry.answer;
}

/** The boot request, without taking it (SessionGate's first render reads an answer already here). */
export function peekPrefetchedPermissions(): PrefetchedPermissions | null {
  return prefetched;
}

/** Takes the boot request: only SessionGate's first boot uses it, later checks ask afresh. */
export function takePrefetchedPermissions(): PrefetchedPermissions | null {
  const p = prefetched;
  prefetched = null;
  return p;
}
