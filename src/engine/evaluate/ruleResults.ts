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

/** Some required rule holds (for this action: `forAction` by rule index, its ActionMasks' `required`; null without an action). */
export function requiredFor(results: unknown[], list: CompiledRule[], item: number, forAction: Uint8Array | null): boolean {
  for (let k = 0; k < list.length; k++) {
    const i = list[k].index;
    const v = results[i];
    if ((item < 0 ? v : (v as boolean[])[item]) === true && (forAction === null || forAction[i] === 1)) return true;
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
