import { truthy } from '../logic/truthy';
import { deepEqual } from '../model/deepEqual';
import { pathsOverlap, setInOwned } from '../model/paths';
import type { CompiledRule } from '../types';
import type { DeriveOverlaps } from './deriveOverlaps';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { markDirty } from './dirtyRules';

const MAX_DERIVE_PASSES = 10;

/** A write since `from` (writes hold the writing rules' positions) touches what rule `k` reads or its target. */
function touched(o: DeriveOverlaps, k: number, writes: readonly number[], from: number): boolean {
  const by = o.touchedBy[k];
  for (let w = from; w < writes.length; w++) if (by[writes[w]] === 1) return true;
  return false;
}

/**
 * Phase 1, derived values: derive rules in file order until nothing changes (at most 10 passes),
 * each applied value seen by the rules after it. The document is copied only along changed paths.
 * An incremental run starts with the rules reading a changed path or writing one. After the first
 * pass a rule runs again only when a value written since its last run touches what it reads or its
 * target (or it reads anything): with the same inputs it would answer the same, so the result is
 * that of running every rule every pass. `only` (by position) limits the run to a set of rules
 * closed under "writes what a member reads or writes" (deriveRulesFor), whose results it does not change.
 */
export function runDerive(t: EngineTables, p: EvaluationPass, only: Uint8Array | null = null): void {
  const { ctx, changed, dirty, ran, derived, samePrev } = p;
  const rules = t.deriveSlots;
  let working = p.working;
  let owned: object[] | null = null;
  const overlaps = t.deriveOverlaps;
  // Rules (positions) that wrote in this phase, in order; per rule, how many writes there were when it last ran (-1: not yet).
  const writes: number[] = [];
  const seen = t.deriveSeen.fill(-1);
  for (let pass = 0; pass < MAX_DERIVE_PASSES; pass++) {
    let changedThisPass = false;
    for (let k = 0; k < rules.length; k++) {
      const r = rules[k];
      if (only !== null && only[k] === 0) continue;
      if (pass === 0 || seen[k] < 0 ? dirty !== null && dirty[r.index] === 0 : !r.readsAnything && !touched(overlaps, k, writes, seen[k])) continue;
      ran.add(r.id);
      seen[k] = writes.length;
      if (r.when !== null && !truthy(r.when(working, ctx))) continue;
      let v = r.value !== null ? r.value(working, ctx) : null;
      if (v === undefined) v = null;
      const cur = r.readTarget(working);
      if ((cur === undefined && v === null) || deepEqual(cur, v)) continue;
      working = setInOwned(working, r.targetSegs, 0, v, (owned ??= []), t.addingCopy);
      ctx.doc = working;
      ctx.rev = (ctx.rev ?? 0) + 1;
      derived[r.target] = v;
      changedThisPass = true;
      writes.push(k);
      // Its own write counts only when the rule reads its target (a self-reading clean-up).
      if (!overlaps.readsOwnTarget[k]) seen[k] = writes.length;
      if (changed) changed.push(r.targetSegs);
      if (dirty) markDirty(t.dirtyIndex, dirty, r.targetSegs, samePrev);
    }
    if (!changedThisPass) break;
  }
  p.working = working;
  // The first container copied is the root (a copy made here; derive itself copies anew each run,
  // so a write during a drop round gives a new root the round's test sees).
  if (owned !== null) p.ownedRoot = owned[0];
}

/** The derive rules deciding the values at `paths` (by position) and every path they read or write; null when one reads anything. */
function deriveClosure(rules: readonly CompiledRule[], paths: readonly string[][]): { mask: Uint8Array; wanted: string[][] } | null {
  const mask = new Uint8Array(rules.length);
  const wanted = [...paths];
  for (let grew = true; grew; ) {
    grew = false;
    for (let k = 0; k < rules.length; k++) {
      const r = rules[k];
      if (mask[k] || !wanted.some((w) => pathsOverlap(w, r.targetSegs))) continue;
      if (r.docDeps === null) return null;
      mask[k] = 1;
      wanted.push(r.targetSegs, ...r.docDeps);
      grew = true;
    }
  }
  return { mask, wanted };
}

/**
 * The derive rules deciding the values at `paths`: those writing them, and, transitively, those
 * writing what those read (their document reads: `$prev` is the same for all). Null when that is
 * every rule or one reads anything.
 */
export function deriveRulesFor(rules: readonly CompiledRule[], paths: readonly string[][]): Uint8Array | null {
  const c = deriveClosure(rules, paths);
  return !c || c.mask.every((m) => m === 1) ? null : c.mask;
}

/**
 * The document paths `Engine.derive(doc, opts, paths)` reads (`paths` and the inputs of the derive
 * rules deciding them), so a document holding only those gives the same values there. Null when a
 * derive rule involved reads anything (then every rule runs and the whole document counts).
 */
export function deriveReads(rules: readonly CompiledRule[], paths: readonly string[][]): string[][] | null {
  return deriveClosure(rules.filter((r) => r.kind === 'derive'), paths)?.wanted ?? null;
}
