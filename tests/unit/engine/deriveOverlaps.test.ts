import { describe, expect, it } from 'vitest';
import { deriveOverlaps } from '../../../src/engine/evaluate/deriveOverlaps';
import { splitPath } from '../../../src/engine/model/paths';
import type { CompiledRule } from '../../../src/engine/types';

// Which derive rules must run again after a write is decided from a table built once per engine:
// it must say what comparing the paths says (a write touches a rule's deps or its target, `*` any item).
// docDeps: what a rule reads of the document itself (its `$prev` reads do not change within an evaluation).
const rule = (target: string, deps: string[] | null, prevReads: string[] = []) =>
  ({ kind: 'derive', target, targetSegs: splitPath(target), deps: deps ? [...deps, ...prevReads].map(splitPath) : null, docDeps: deps?.map(splitPath) ?? null }) as unknown as CompiledRule;

describe('derive overlaps', () => {
  const rules = [
    rule('a', ['b']), // reads b
    rule('b', ['c.d']), // reads c.d
    rule('c', []), // reads nothing, writes c (a parent of c.d)
    rule('e.f', ['e']), // reads its own parent: its own write touches it
    rule('g', null), // reads anything
    rule('p.*.q', ['p.0.r']),
    rule('h', ['i'], ['']), // reads i and the whole $prev: writes in this evaluation touch only i
  ];
  const o = deriveOverlaps(rules);
  const row = (k: number) => Array.from(o.touchedBy[k]);

  it('marks the writers of what a rule reads and of its target', () => {
    expect(row(0)).toEqual([1, 1, 0, 0, 0, 0, 0]); // its own target a, and b
    expect(row(1)).toEqual([0, 1, 1, 0, 0, 0, 0]); // b itself, and c (holds c.d)
    expect(row(2)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(row(3)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(row(5)).toEqual([0, 0, 0, 0, 0, 1, 0]); // p.*.q overlaps itself
    expect(row(6)).toEqual([0, 0, 0, 0, 0, 0, 1]); // only its own target: $prev is as it was
  });

  it('knows which rules read their own target', () => {
    expect(o.readsOwnTarget).toEqual([false, false, false, true, false, false, false]);
  });
});
