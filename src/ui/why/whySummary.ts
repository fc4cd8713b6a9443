import type { Explanation } from '../../engine/explain/Explanation';

export interface WhySummary {
  /** Short state words: Shown / Hidden, Required, Read-only, "2 errors". */
  badges: Array<{ text: string; intent: 'none' | 'success' | 'warning' | 'danger' | 'primary' }>;
  /** The engine's trace, one fact per line, indentation kept. */
  lines: string[];
}

/** What the Why? popover shows first: the target's state in words and the engine's trace. */
export function whySummary(ex: Explanation): WhySummary {
  const s = ex.state as { visible?: boolean; required?: boolean; readonly?: boolean; errors?: unknown[] } | undefined;
  const badges: WhySummary['badges'] = [];
  if (s) {
    badges.push(s.visible === false ? { text: 'Hidden', intent: 'warning' } : { text: 'Shown', intent: 'success' });
    if (s.required) badges.push({ text: 'Required', intent: 'primary' });
    if (s.readonly) badges.push({ text: 'Read-only', intent: 'none' });
    const n = s.errors?.length ?? 0;
    if (n) badges.push({ text: n === 1 ? '1 error' : `${n} errors`, intent: 'danger' });
  }
  return { badges, lines: ex.trace ? ex.trace.split('\n') : [] };
}
