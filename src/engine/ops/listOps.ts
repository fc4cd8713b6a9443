import type { OpRegistry } from '../logic/OpRegistry';
import { deepEqual } from '../model/deepEqual';

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);

/** null, undefined, "", [] or an object without keys. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

export function count(v: unknown): number {
  if (Array.isArray(v) || typeof v === 'string') return v.length;
  return 0;
}

// Set membership by value (deepEqual) so lists of ids or objects behave alike.
function has(list: unknown[], x: unknown): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === x) return true;
  if (x === null || typeof x !== 'object') return false;
  for (let i = 0; i < list.length; i++) if (deepEqual(list[i], x)) return true;
  return false;
}

export function uniq(v: unknown): unknown[] {
  const out: unknown[] = [];
  for (const x of asList(v)) if (!has(out, x)) out.push(x);
  return out;
}

export function intersects(a: unknown, b: unknown): boolean {
  const bs = asList(b);
  const as = asList(a);
  for (let i = 0; i < as.length; i++) if (has(bs, as[i])) return true;
  return false;
}

export function union(...lists: unknown[]): unknown[] {
  return uniq(lists.flatMap(asList));
}

export function difference(a: unknown, b: unknown): unknown[] {
  const bs = asList(b);
  return asList(a).filter((x) => !has(bs, x));
}

export function pluck(list: unknown, key: unknown): unknown[] {
  const k = String(key);
  return asList(list).map((x) => (x !== null && typeof x === 'object' ? ((x as Record<string, unknown>)[k] ?? null) : null));
}

// A string key for the values of `keys`; the type tag keeps 1 and "1" apart.
function groupKey(item: unknown, keys: string[]): string {
  let key = '';
  for (const k of keys) {
    const v = item !== null && typeof item === 'object' ? ((item as Record<string, unknown>)[k] ?? null) : null;
    key += v !== null && typeof v === 'object' ? `o${JSON.stringify(v)}\u0000` : `${typeof v}${String(v)}\u0000`;
  }
  return key;
}

const keyValue = (item: unknown, k: string): unknown => (item !== null && typeof item === 'object' ? ((item as Record<string, unknown>)[k] ?? null) : null);

/** Two values of one key in the same group: what comparing their parts of groupKey answers. */
function sameKeyValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  const xo = x !== null && typeof x === 'object';
  const yo = y !== null && typeof y === 'object';
  if (xo || yo) return xo && yo && JSON.stringify(x) === JSON.stringify(y);
  return typeof x === 'number' && typeof y === 'number' && x !== x && y !== y; // NaN, written "NaN" by both
}

/** A key value whose string could run into the next one in groupKey (a NUL), so only the joined keys decide. */
const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');

/** maxGroupPairwise's key values, item by item (reused: operations never run inside one another's loop). */
const pairwiseValues: unknown[] = [];

/**
 * maxGroup of a short list by comparing items pair by pair on each key: the same answer as grouping
 * by groupKey, without building and hashing a key string per item (the rules' lists are a handful of
 * panelists or promotions). Each item's key values are read once, not once per pair. Undefined when
 * a key value holds a NUL.
 */
function maxGroupPairwise(xs: unknown[], ks: string[]): number | undefined {
  const m = ks.length;
  const values = pairwiseValues;
  for (let i = 0; i < xs.length; i++) {
    for (let k = 0; k < m; k++) {
      const v = keyValue(xs[i], ks[k]);
      if (hasNul(v)) {
        values.fill(undefined, 0, i * m + k);
        return undefined;
      }
      values[i * m + k] = v;
    }
  }
  let max = xs.length ? 1 : 0;
  for (let i = 0; i < xs.length; i++) {
    let n = 1;
    for (let j = i + 1; j < xs.length; j++) {
      let same = true;
      for (let k = 0; same && k < m; k++) same = sameKeyValue(values[i * m + k], values[j * m + k]);
      if (same) n++;
    }
    if (n > max) max = n;
  }
  values.fill(undefined, 0, xs.length * m);
  return max;
}

/** Size of the largest group of items equal on these keys (0 for an empty list). */
export function maxGroup(list: unknown, keys: unknown): number {
  const ks = asList(keys).map(String);
  const xs = asList(list);
  if (xs.length <= 16) {
    const n = maxGroupPairwise(xs, ks);
    if (n !== undefined) return n;
  }
  const sizes = new Map<string, number>();
  let max = 0;
  for (const item of xs) {
    const g = groupKey(item, ks);
    const n = (sizes.get(g) ?? 0) + 1;
    sizes.set(g, n);
    if (n > max) max = n;
  }
  return max;
}

export function hasDupes(list: unknown, keys?: unknown): boolean {
  if (keys === undefined || keys === null) {
    const xs = asList(list);
    return uniq(xs).length !== xs.length;
  }
  return maxGroup(list, keys) > 1;
}

/** Items distinct on these keys, the first of each group kept. */
export function uniqBy(list: unknown, keys: unknown): unknown[] {
  const ks = asList(keys).map(String);
  const seen = new Set<string>();
  return asList(list).filter((item) => {
    const g = groupKey(item, ks);
    if (seen.has(g)) return false;
    seen.add(g);
    return true;
  });
}

/** The registered `intersects` (options filters using it may be answered from an index: evaluate/optionIndex). */
export const intersectsOp = ([a, b]: unknown[]): boolean => intersects(a, b);

export function registerListOps(ops: OpRegistry): void {
  ops.add('empty', ([v]) => isEmptyValue(v), 'is empty (null, "", [] or {})', { words: (w) => `${w.arg(0)} is empty`, negated: (w) => `${w.arg(0)} is not empty` }, isEmptyValue);
  ops.add('count', ([v]) => count(v), 'number of items (or characters)', (w) => `the number of ${w.arg(0)}`, count);
  ops.add('intersects', intersectsOp, 'the lists share an element', { words: (w) => `${w.arg(0)} shares a value with ${w.values(1, ', ')}`, negated: (w) => `${w.arg(0)} shares no value with ${w.values(1, ', ')}` }, intersects);
  ops.add('pluck', ([l, k]) => pluck(l, k), 'this field of every item', (w) => `the ${w.itemField(0, w.args[1])} values of ${w.arg(0)}`, pluck);
  ops.add('uniq', ([l]) => uniq(l), 'distinct values, first-seen order', (w) => `the distinct values of ${w.arg(0)}`, uniq);
  ops.add('union', (lists) => union(...lists), 'values in any list, first-seen order', (w) => w.args.map((_, i) => (i ? w.values(i, ', ') : w.arg(0))).join(' together with '));
  ops.add('difference', ([a, b]) => difference(a, b), 'values of the first list not in the second', (w) => `${w.arg(0)} without ${w.values(1, ' or ')}`, difference);
  ops.add('max_group', ([l, k]) => maxGroup(l, k), 'size of the largest group of items equal on these keys', (w) => `the size of the largest group of ${w.arg(0)} with the same ${w.itemFields(0, 1)}`, maxGroup);
  ops.add('uniq_by', ([l, k]) => uniqBy(l, k), 'items distinct on these keys, first kept', (w) => `${w.arg(0)}, keeping the first of items with the same ${w.itemFields(0, 1)}`, uniqBy);
  ops.add('has_dupes', ([l, k]) => hasDupes(l, k), 'two items are equal on these keys', {
    words: (w) => (w.args[1] === undefined ? `${w.arg(0)} has a value twice` : `${w.arg(0)} has two items with the same ${w.itemFields(0, 1)}`),
    negated: (w) => (w.args[1] === undefined ? `${w.arg(0)} has no value twice` : `no two items of ${w.arg(0)} have the same ${w.itemFields(0, 1)}`),
  }, hasDupes);
}
