import { describe, expect, it } from 'vitest';
import { chainAny, chainHas, chainIds, chainLasts, chainRoots, onlyRoots } from '../../../../src/engine/ops/chainOps';

const lv = (id: number) => ({ id, name: `s${id}`, sequence: 1, sectorWorksiteVoluntary: 0 });
const dental = [lv(4), lv(454), lv(506)];
const retail = [lv(266), lv(100)];
const auto = [lv(372), lv(12)];

describe('sector chain operations', () => {
  it('chain_has: some chain starts with the ids, in order', () => {
    expect(chainHas([retail, dental], [4, 454, 506])).toBe(true);
    expect(chainHas([retail, dental], [4, 454])).toBe(true);
    expect(chainHas([[lv(4), lv(454)]], [4, 454, 506])).toBe(false);
    expect(chainHas([[lv(454), lv(4)]], [4, 454])).toBe(false);
    expect(chainHas(null, [4])).toBe(false);
    expect(chainHas([[4, 454, 506]], ['4', 454])).toBe(true); // bare ids, ids as strings
  });

  it('chain_any: one of the ids at a 1-based level, or at any level', () => {
    expect(chainAny([dental], [266, 559, 560], 1)).toBe(false);
    expect(chainAny([dental, retail], [266, 559, 560], 1)).toBe(true);
    expect(chainAny([dental], [454], 2)).toBe(true);
    expect(chainAny([dental], [454], 1)).toBe(false);
    expect(chainAny([dental], [506])).toBe(true);
    expect(chainAny([], [506])).toBe(false);
  });

  it('chain_roots and chain_ids', () => {
    expect(chainRoots([dental, retail])).toEqual([4, 266]);
    expect(chainIds([dental, retail])).toEqual([4, 454, 506, 266, 100]);
    expect(chainRoots(undefined)).toEqual([]);
  });

  it('chain_lasts: last element of chains rooted in the list with depth in range', () => {
    const deep = [lv(559), lv(1), lv(2), lv(3)];
    const tooDeep = [lv(560), lv(1), lv(2), lv(3), lv(9)];
    expect(chainLasts([retail, deep, dental, tooDeep, [lv(266)]], [266, 559, 560], 2, 4)).toEqual([100, 3]);
  });

  it('only_roots: a chain exists and every root is in the list', () => {
    expect(onlyRoots([auto], [372])).toBe(true);
    expect(onlyRoots([auto, retail], [372])).toBe(false);
    expect(onlyRoots([], [372])).toBe(false);
  });
});
