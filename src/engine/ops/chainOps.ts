import type { OpRegistry } from '../logic/OpRegistry';

/*
 * Sector chains: `sectors` is a list of chains, each an ordered list of levels (sector, category,
 * sub-category, ...). A level is `{id, name, ...}` as stored, or a bare id (handy in tests and rules).
 */

type Chain = unknown[];

export function levelId(level: unknown): unknown {
  if (level !== null && typeof level === 'object') return (level as { id?: unknown }).id;
  return level;
}

const NO_CHAINS: Chain[] = [];

function chainsOf(value: unknown): Chain[] {
  if (!Array.isArray(value)) return NO_CHAINS;
  for (const c of value) if (!Array.isArray(c) || c.length === 0) return value.filter((x): x is Chain => Array.isArray(x) && x.length > 0);
  return value as Chain[];
}

function idsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}

// Ids compare loosely so "90" (from a form) matches 90 (from a code table).
function sameId(a: unknown, b: unknown): boolean {
  // eslint-disable-next-line eqeqeq -- ids may arrive as strings or numbers
  return a == b && a !== null && a !== undefined && a !== '';
}

const includesId = (ids: unknown[], id: unknown) => ids.some((x) => sameId(x, id));

/** Some chain starts with these ids, in order (a prefix of the chain). */
export function chainHas(chains: unknown, prefix: unknown): boolean {
  const want = idsOf(prefix);
  if (!want.length) return false;
  return chainsOf(chains).some((c) => c.length >= want.length && want.every((id, i) => sameId(levelId(c[i]), id)));
}

/** Some chain has one of these ids at this level (1-based; any level when omitted). */
export function chainAny(chains: unknown, ids: unknown, level?: unknown): boolean {
  const want = idsOf(ids);
  const lv = typeof level === 'number' ? level : level === undefined || level === null ? 0 : Number(level);
  return chainsOf(chains).some((c) =>
    lv > 0 ? c.length >= lv && includesId(want, levelId(c[lv - 1])) : c.some((l) => includesId(want, levelId(l))),
  );
}

export function chainRoots(chains: unknown): unknown[] {
  return chainsOf(chains).map((c) => levelId(c[0]));
}

export function chainIds(chains: unknown): unknown[] {
  const out: unknown[] = [];
  for (const c of chainsOf(chains)) for (const l of c) out.push(levelId(l));
  return out;
}

/** Last element of chains rooted in `roots` whose depth is between min and max (inclusive). */
export function chainLasts(chains: unknown, roots: unknown, min?: unknown, max?: unknown): unknown[] {
  const want = idsOf(roots);
  const lo = typeof min === 'number' ? min : 1;
  const hi = typeof max === 'number' ? max : Infinity;
  return chainsOf(chains)
    .filter((c) => includesId(want, levelId(c[0])) && c.length >= lo && c.length <= hi)
    .map((c) => levelId(c[c.length - 1]));
}

/** There is at least one chain and every chain's root is in the list. */
export function onlyRoots(chains: unknown, roots: unknown): boolean {
  const cs = chainsOf(chains);
  const want = idsOf(roots);
  return cs.length > 0 && cs.every((c) => includesId(want, levelId(c[0])));
}

const atLevel = (lv: unknown) => (typeof lv === 'number' && lv > 0 ? ` at level ${lv}` : ' at any level');
const depth = (lo: unknown, hi: unknown) =>
  typeof lo === 'number' && typeof hi === 'number' ? ` (chains of ${lo} to ${hi} levels)` : typeof lo === 'number' ? ` (chains of at least ${lo} levels)` : '';

export function registerChainOps(ops: OpRegistry): void {
  ops.add('chain_has', ([c, p]) => chainHas(c, p), 'some sector chain starts with these ids', {
    words: (w) => `any chain of ${w.arg(0)} starts with ${w.sectors(1, ' > ')}`,
    negated: (w) => `no chain of ${w.arg(0)} starts with ${w.sectors(1, ' > ')}`,
  }, chainHas);
  ops.add('chain_any', ([c, ids, lv]) => chainAny(c, ids, lv), 'some sector chain has one of these ids at a level', {
    words: (w) => `any chain of ${w.arg(0)} has ${w.sectors(1, ' or ')}${atLevel(w.args[2])}`,
    negated: (w) => `no chain of ${w.arg(0)} has ${w.sectors(1, ' or ')}${atLevel(w.args[2])}`,
  }, chainAny);
  ops.add('chain_roots', ([c]) => chainRoots(c), 'level-1 ids of all sector chains', (w) => `the first levels (sectors) of ${w.arg(0)}`, chainRoots);
  ops.add('chain_ids', ([c]) => chainIds(c), 'every id at every level of all sector chains', (w) => `the sectors, categories and sub-categories (any level) of ${w.arg(0)}`, chainIds);
  ops.add('chain_lasts', ([c, r, lo, hi]) => chainLasts(c, r, lo, hi), 'last ids of chains rooted in a list, by depth', (w) => `the last levels of the chains of ${w.arg(0)} starting with ${w.sectors(1, ' or ')}${depth(w.args[2], w.args[3])}`, chainLasts);
  ops.add('only_roots', ([c, r]) => onlyRoots(c, r), 'every sector chain root is in the list', {
    words: (w) => `every chain of ${w.arg(0)} starts with ${w.sectors(1, ' or ')}`,
    negated: (w) => `${w.arg(0)} is empty or has a chain not starting with ${w.sectors(1, ' or ')}`,
  }, onlyRoots);
}
