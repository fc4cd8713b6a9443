import type { ActionMasks } from './actionMaskTypes';
import type { EngineTables } from './engineTables';

export type { ActionMasks };

/** Actions come from callers: masks are kept for this many, others computed each time. */
const MAX_CACHED = 64;

/**
 * The masks of `action`, made once per engine and action: the phases test a byte per rule instead
 * of a Set lookup per rule and evaluation.
 */
export function actionMasksFor(t: EngineTables, cache: Map<string, ActionMasks>, action: string): ActionMasks {
  let m = cache.get(action);
  if (m) return m;
  m = {
    validates: Uint8Array.from(t.validateSlots, (s) => (s.actions?.has(action) ? 1 : 0)),
    checks: Uint8Array.from(t.checks, (c) => (c.actions?.has(action) ? 1 : 0)),
    required: Uint8Array.from(t.rules, (r) => (r.kind === 'required' && r.actions?.includes(action) ? 1 : 0)),
  };
  if (cache.size < MAX_CACHED) cache.set(action, m);
  return m;
}
