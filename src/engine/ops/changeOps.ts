import type { EvalContext } from '../logic/EvalContext';
import type { OpRegistry } from '../logic/OpRegistry';
import { difference, isEmptyValue } from './listOps';

/*
 * Edits of a list since the previous document (`$prev`), named so a rule reads as what it means:
 * `{"list_changed": [{"var": "panelists"}, {"var": "$prev.panelists"}]}` instead of the `$prev`
 * guard and two set differences. Items compare by value (two equal panelists are the same item).
 */

/** Items of the list that were not in the previous list. */
export function itemsAdded(list: unknown, previous: unknown): unknown[] {
  return difference(list, previous);
}

/** Items of the previous list that are no longer in the list. */
export function itemsRemoved(list: unknown, previous: unknown): unknown[] {
  return difference(previous, list);
}

/**
 * An item was added or removed since the previous document; false when the rules run without one
 * (a load, a save of the stored document), so loading a product never re-derives from its lists.
 */
export function listChanged(list: unknown, previous: unknown, ctx: EvalContext | undefined): boolean {
  if (!ctx || isEmptyValue(ctx.prev)) return false;
  return itemsAdded(list, previous).length > 0 || itemsRemoved(list, previous).length > 0;
}

export function registerChangeOps(ops: OpRegistry): void {
  ops.add('items_added', ([l, p]) => itemsAdded(l, p), 'the items of the list that are not in the previous list', (w) => `the items added to ${w.arg(0)} since the previous edit`, itemsAdded);
  ops.add('items_removed', ([l, p]) => itemsRemoved(l, p), 'the items of the previous list that are no longer in the list', (w) => `the items removed from ${w.arg(0)} since the previous edit`, itemsRemoved);
  ops.add('list_changed', ([l, p], _data, ctx) => listChanged(l, p, ctx), 'an item was added to or removed from the list since the previous edit (never on a load)', {
    words: (w) => `an item was added to or removed from ${w.arg(0)} since the previous edit`,
    negated: (w) => `no item was added to or removed from ${w.arg(0)} since the previous edit`,
  });
}
