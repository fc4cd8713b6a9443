import type { Doc } from '../../ui/form/types';

/**
 * A product's unsaved changes kept in the tab (sessionStorage) when the session ends on its own,
 * for the same user coming back to the same editor address after signing in again
 * (docs/decisions/unsaved-work-over-session-end.md).
 */
export interface UnsavedProduct {
  /** The editor's pathname and search: the address sign-in leads back to. */
  path: string;
  username: string;
  doc: Doc;
  /**
   * The product as the editor had loaded or last saved it: coming back, only what the user changed from it is
   * drawn over the product as it is then, so another user's change meanwhile is kept (mergeOwnChanges).
   */
  base?: Doc;
  /** Milliseconds since the epoch when it was kept. */
  at: number;
}

const key = 'portal.unsavedProduct';
/** A session lasts at most 12 h (000 §9): older changes belong to another day's work. */
export const unsavedProductMaxAgeMs = 12 * 60 * 60 * 1000;

export function stashUnsavedProduct(entry: UnsavedProduct): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(entry));
  } catch (e) {
    // No storage, or over its quota: the changes are lost as before; the session still ends.
    console.info('unsaved product not kept', e);
  }
}

/** The changes kept for this address and user, if any and recent (with the copy they were made on); reading leaves them in place. */
export function peekUnsavedProduct(path: string, username: string | undefined, now = Date.now()): { doc: Doc; base?: Doc } | null {
  if (!username) return null;
  let entry: Partial<UnsavedProduct> | null;
  try {
    entry = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<UnsavedProduct> | null;
  } catch {
    return null;
  }
  if (!entry || entry.path !== path || entry.username !== username || typeof entry.at !== 'number') return null;
  if (now - entry.at > unsavedProductMaxAgeMs || !entry.doc || typeof entry.doc !== 'object') return null;
  return entry.base && typeof entry.base === 'object' ? { doc: entry.doc, base: entry.base } : { doc: entry.doc };
}

/** Forgets the kept changes (once an editor has taken them). */
export function dropUnsavedProduct(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to drop.
  }
}
