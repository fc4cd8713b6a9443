import type { EmailRowState } from '../emailTypes';

/** A row as answers carry it: its muid and, from the server, its version. */
export type Versioned = { muid: number; row_version?: number };
type Known = Partial<EmailRowState> & { row_version: number; shownAhead: boolean };

/** The state fields a write changes and a newer answer brings to rows drawn from an older one. */
const stateFields = ['row_version', 'deleted', 'panelist_core', 'panelist_score', 'email_read'] as const;

/**
 * The newest state this page has seen of each email row, by the server's `row_version` (raised by every
 * update of the row). Answers about one row arrive in any order: a list read before a status change
 * was stored can land after the change's own answer, and SWR then holds the old status under the
 * list's key. Lists and details are drawn through `newestRows`, so a row always shows the newest
 * state known, whichever answer brought it. Every change here comes with a change of the cached
 * answers showing the row (useEmailWrites), so drawing again when an answer changes is enough.
 */
const known = new Map<number, Known>();

/** Records rows the server answered (lists, details, writes): a row newer than the one known replaces it. */
export function rememberRows(rows: ReadonlyArray<Versioned & Partial<EmailRowState>>): void {
  for (const row of rows) {
    if (typeof row.row_version !== 'number') continue;
    const had = known.get(row.muid);
    if (had && had.row_version >= row.row_version) continue;
    const next: Known = { row_version: row.row_version, shownAhead: false };
    for (const f of stateFields) if (row[f] !== undefined) Object.assign(next, { [f]: row[f] });
    known.set(row.muid, next);
  }
}

/**
 * Values a control shows before the server has answered (a status chosen, or put back when the write
 * failed): drawn over an answer of the same version too, until an answer newer than it comes.
 */
export function showAhead(rows: ReadonlyArray<Partial<EmailRowState> & { muid: number }>): void {
  for (const row of rows) {
    const had = known.get(row.muid);
    if (!had) continue;
    const next: Known = { ...had, shownAhead: true };
    for (const f of stateFields) if (f !== 'row_version' && row[f] !== undefined) Object.assign(next, { [f]: row[f] });
    known.set(row.muid, next);
  }
}

/** `rows` with each row older than the newest known drawn with its newer state (the same array when none is). */
export function newestRows<T extends Versioned>(rows: T[]): T[] {
  let out: T[] | undefined;
  rows.forEach((row, i) => {
    const k = known.get(row.muid);
    const version = row.row_version ?? -1;
    if (!k || k.row_version < version || (k.row_version === version && !k.shownAhead)) return;
    const patch: Record<string, unknown> = {};
    for (const f of stateFields) if (f in row && k[f] !== undefined && k[f] !== row[f as keyof T]) patch[f] = k[f];
    if (Object.keys(patch).length === 0) return;
    out ??= rows.slice();
    out[i] = { ...row, ...patch };
  });
  return out ?? rows;
}

/** Forgets every row (tests: the map lives as long as the page). */
export function forgetRows(): void {
  known.clear();
}
