import { describe, expect, it } from 'vitest';
import { createDirtyIndex, dirtyMask, markDirty } from '../../../src/engine/evaluate/dirtyRules';
import { pathsOverlap, splitPath } from '../../../src/engine/model/paths';
import type { CompiledRule } from '../../../src/engine/types';
import { miniEngine } from './miniMetadata';

// An incremental pass runs again the rules reading a changed path (derive rules also when it touches
// their target); the index by root key must answer what comparing every rule with every path answers.
const rule = (index: number, kind: string, target: string, deps: string[] | null, prevReads: string[] = []) =>
  ({ index, kind, target, targetSegs: splitPath(target), deps: deps ? [...deps, ...prevReads].map(splitPath) : null, docDeps: deps?.map(splitPath) ?? null }) as unknown as CompiledRule;

function expected(rules: readonly CompiledRule[], changed: string[][], docOnly: boolean): number[] {
  return rules.map((r) => {
    const deps = docOnly ? r.docDeps : r.deps;
    if (deps === null) return 1;
    return changed.some((c) => deps.some((d) => pathsOverlap(d, c)) || (r.kind === 'derive' && pathsOverlap(c, r.targetSegs))) ? 1 : 0;
  });
}

describe('dirty rules (index of what each rule reads)', () => {
  const rules = [
    rule(0, 'visible', 'x', ['a.b']),
    rule(1, 'derive', 'c', ['d']), // writes c: an edit of c makes it decide c again
    rule(2, 'validate', 'y', null), // reads anything
    rule(3, 'visible', 'p.*.q', ['p.*.r']),
    rule(4, 'required', 'z', ['e'], ['a']), // reads $prev.a: not dirty for a change made by the evaluation itself
    rule(5, 'visible', 'w', ['*']),
  ];
  const ix = createDirtyIndex(rules);
  const mask = (paths: string[], docOnly = false) => Array.from(dirtyMask(ix, paths.map(splitPath), docOnly, new Uint8Array(rules.length)));

  it('marks the rules reading a changed path, its parents or its children', () => {
    expect(mask(['a'])).toEqual([1, 0, 1, 0, 1, 1]);
    expect(mask(['a.b.c'])).toEqual([1, 0, 1, 0, 1, 1]);
    expect(mask(['a.z'])).toEqual([0, 0, 1, 0, 1, 1]);
    expect(mask(['a'], true)).toEqual([1, 0, 1, 0, 0, 1]);
    expect(mask(['c'])).toEqual([0, 1, 1, 0, 0, 1]);
    expect(mask(['p.0.r'])).toEqual([0, 0, 1, 1, 0, 1]);
    expect(mask(['*'])).toEqual([1, 1, 1, 1, 1, 1]);
    expect(mask([])).toEqual([0, 0, 1, 0, 0, 0]);
  });

  it('adds what a later write touches to the same mask', () => {
    const dirty = dirtyMask(ix, [['e']], false, new Uint8Array(rules.length));
    markDirty(ix, dirty, ['d'], false);
    expect(Array.from(dirty)).toEqual([0, 1, 1, 0, 1, 1]);
  });

  it('answers as comparing every rule with every path does, for the engine rules and every path they name', () => {
    const engineRules = miniEngine().rules;
    const engineIx = createDirtyIndex(engineRules);
    const paths = new Map<string, string[]>();
    for (const r of engineRules) for (const p of [r.targetSegs, ...(r.deps ?? [])]) for (let n = 1; n <= p.length; n++) paths.set(p.slice(0, n).join('.'), p.slice(0, n));
    expect(paths.size).toBeGreaterThan(10);
    for (const p of paths.values()) {
      for (const docOnly of [false, true]) {
        const got = Array.from(dirtyMask(engineIx, [p], docOnly, new Uint8Array(engineRules.length)));
        expect(got, `${p.join('.')} docOnly=${docOnly}`).toEqual(expected(engineRules, [p], docOnly));
      }
    }
  });
});
