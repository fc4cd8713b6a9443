import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { deriveRulesFor } from '../../../src/engine/evaluate/derivePhase';
import { getIn, splitPath } from '../../../src/engine/model/paths';
import type { CompiledRule } from '../../../src/engine/types';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { generateProducts } from '../../../src/server/products/generateProducts';

// Impact's static check derives each product only for the paths its checked rules read: the derive
// rules deciding those (writers, and the writers of what they read) must give the values a full
// derive gives there.
const rule = (target: string, deps: string[] | null) =>
  ({ kind: 'derive', target, targetSegs: splitPath(target), deps: deps?.map(splitPath) ?? null, docDeps: deps?.map(splitPath) ?? null }) as unknown as CompiledRule;

describe('derive rules for a set of paths', () => {
  const rules = [rule('a', ['b']), rule('b', ['c.d']), rule('c', []), rule('x', ['y']), rule('p.*.q', ['p.0.r'])];

  it('takes the writers of the paths and, transitively, of what they read', () => {
    expect(Array.from(deriveRulesFor(rules, [['a']])!)).toEqual([1, 1, 1, 0, 0]);
    expect(Array.from(deriveRulesFor(rules, [['c', 'd']])!)).toEqual([0, 0, 1, 0, 0]);
    expect(Array.from(deriveRulesFor(rules, [['p', '3', 'q']])!)).toEqual([0, 0, 0, 0, 1]);
    expect(Array.from(deriveRulesFor(rules, [['z']])!)).toEqual([0, 0, 0, 0, 0]);
  });

  it('is null (every rule) when a needed rule reads anything, or every rule is needed', () => {
    expect(deriveRulesFor([...rules, rule('z', null)], [['z']])).toBeNull();
    expect(deriveRulesFor(rules, [['a'], ['x'], ['p']])).toBeNull();
  });
});

describe('Engine.derive with the paths read', () => {
  const NOW = '2024-06-30';
  const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => NOW });
  const products = generateProducts({ count: 30, seed: 31, engine });
  const derivedTargets = engine.rules.filter((r) => r.kind === 'derive').map((r) => r.targetSegs);

  it('gives a full derive’s values at every path asked for, for each derived target alone', () => {
    expect(derivedTargets.length).toBeGreaterThan(0);
    for (const doc of products) {
      const full = engine.derive(doc, { prev: null }).data;
      for (const segs of derivedTargets) {
        const concrete = segs.map((s) => (s === '*' ? '0' : s));
        const part = engine.derive(doc, { prev: null }, [segs]).data;
        expect(getIn(part, concrete), segs.join('.')).toEqual(getIn(full, concrete));
      }
    }
  });
});
