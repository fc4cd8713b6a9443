import { pathsOverlap } from '../model/paths';
import type { CompiledRule } from '../types';

/** What a rule reads, in one of the two senses (`deps`, or `docDeps` when `$prev` is unchanged). */
interface Reads {
  /** Per rule (by index): its reads, or null when it reads anything. */
  deps: Array<string[][] | null>;
  /** Rules reading anything: dirty at every change. */
  always: number[];
  /** Rules with a read (or derive target) under this root key. */
  byKey: Map<string, number[]>;
  /** Rules with a read (or derive target) starting with `*` or empty: compared with every change. */
  anyKey: number[];
}

/**
 * Which rules read which paths, indexed by each path's first segment, so a changed path is compared
 * only with the few rules reading under its root key (the phases used to compare every rule with
 * every changed path, reading each rule's deps through a megamorphic load).
 */
export interface DirtyIndex {
  ruleCount: number;
  withPrev: Reads;
  docOnly: Reads;
  /** Per rule: a derive rule's target (an edit or write there makes it decide the value again), else null. */
  deriveTarget: Array<string[] | null>;
}

function readsOf(rules: readonly CompiledRule[], docOnly: boolean): Reads {
  const out: Reads = { deps: [], always: [], byKey: new Map(), anyKey: [] };
  for (const r of rules) {
    const deps = docOnly ? r.docDeps : r.deps;
    out.deps[r.index] = deps;
    if (deps === null) {
      out.always.push(r.index);
      continue;
    }
    const keys = new Set<string | null>();
    for (const d of r.kind === 'derive' ? [...deps, r.targetSegs] : deps) keys.add(d.length === 0 || d[0] === '*' ? null : d[0]);
    for (const key of keys) {
      if (key === null) out.anyKey.push(r.index);
      else {
        let list = out.byKey.get(key);
        if (!list) out.byKey.set(key, (list = []));
        list.push(r.index);
      }
    }
  }
  return out;
}

export function createDirtyIndex(rules: readonly CompiledRule[]): DirtyIndex {
  return {
    ruleCount: rules.length,
    withPrev: readsOf(rules, false),
    docOnly: readsOf(rules, true),
    deriveTarget: rules.map((r) => (r.kind === 'derive' ? r.targetSegs : null)),
  };
}

/**
 * The dirty mask (per rule index, 1: must run again) for changes `changed`, written into `dirty`
 * (one per engine, reused: a typed array of this size is allocated outside the heap): the rules
 * reading anything, and those reading a changed path (derive rules also when it touches their
 * target). `docOnly`: the changes come from the evaluation itself, so `$prev` reads do not count.
 */
export function dirtyMask(ix: DirtyIndex, changed: readonly string[][], docOnly: boolean, dirty: Uint8Array): Uint8Array {
  dirty.fill(0);
  const reads = docOnly ? ix.docOnly : ix.withPrev;
  for (const i of reads.always) dirty[i] = 1;
  for (const c of changed) markDirty(ix, dirty, c, docOnly);
  return dirty;
}

/** Marks in `dirty` the rules a change at `c` makes run again. */
export function markDirty(ix: DirtyIndex, dirty: Uint8Array, c: readonly string[], docOnly: boolean): void {
  const reads = docOnly ? ix.docOnly : ix.withPrev;
  if (c.length === 0 || c[0] === '*') {
    for (let i = 0; i < ix.ruleCount; i++) if (dirty[i] === 0 && touches(ix, reads, i, c)) dirty[i] = 1;
    return;
  }
  const near = reads.byKey.get(c[0]);
  if (near) for (const i of near) if (dirty[i] === 0 && touches(ix, reads, i, c)) dirty[i] = 1;
  for (const i of reads.anyKey) if (dirty[i] === 0 && touches(ix, reads, i, c)) dirty[i] = 1;
}

function touches(ix: DirtyIndex, reads: Reads, i: number, c: readonly string[]): boolean {
  const deps = reads.deps[i];
  if (deps === null) return true;
  for (const d of deps) if (pathsOverlap(d, c)) return true;
  const target = ix.deriveTarget[i];
  return target !== null && pathsOverlap(c, target);
}
