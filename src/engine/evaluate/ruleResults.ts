import { pathsOverlap } from '../model/paths';
import type { CompiledRule } from '../types';

// Rule results are `true`/`false` for targets, or one boolean per item for item rules (`item` >= 0).

export function allHold(results: unknown[], list: CompiledRule[], item: number): boolean {
  for (let k = 0; k < list.length; k++) {
    const v = results[list[k].index];
    if ((item < 0 ? v : (v as boolean[])[item]) !== true) return false;
  }
  return true;
}

export function anyHolds(results: unknown[], list: CompiledRule[], item: number): boolean {
  for (let k = 0; k < list.length; k++) {
    const v = results[list[k].index];
    if ((item < 0 ? v : (v as boolean[])[item]) === true) return true;
  }
  return false;
}

/** Some required rule holds (for this action, when one is given). */
export function requiredFor(results: unknown[], list: CompiledRule[], item: number, action: string | null): boolean {
  for (let k = 0; k < list.length; k++) {
    const r = list[k];
    const v = results[r.index];
    if ((item < 0 ? v : (v as boolean[])[item]) === true && (!action || !!r.actions?.includes(action))) return true;
  }
  return false;
}

/** The label of the last label rule that holds, else the fallback. */
export function labelFrom(results: unknown[], list: CompiledRule[], item: number, fallback: string): string {
  let label = fallback;
  for (let k = 0; k < list.length; k++) {
    const r = list[k];
    const v = results[r.index];
    if ((item < 0 ? v : (v as boolean[])[item]) === true && r.label) label = r.label;
  }
  return label;
}

/**
 * The rule must run again: a full run, a rule reading anything, or one reading a changed path.
 * `samePrev`: the changes come from this evaluation itself (`$prev` is as the rule last saw it).
 */
export function isDirty(r: CompiledRule, changed: string[][] | null, samePrev = false): boolean {
  const deps = samePrev ? r.docDeps : r.deps;
  if (!changed || deps === null) return true;
  for (const d of deps) for (const c of changed) if (pathsOverlap(d, c)) return true;
  return false;
}
