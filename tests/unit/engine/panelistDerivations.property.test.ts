import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

/*
 * 001 §4 Panelists, as the project's derive rules implement it: after every add or remove
 * (evaluated with prev = the document before the step) gender, entry date, state_province,
 * product_age and product_income follow the remaining panelists.
 */

const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-01' });

interface Panelist {
  pp_date: string;
  panelist_id: number;
  competi_id: number;
  invitation_id: number;
  tracking_id: string;
  age: number;
  gender: 'M' | 'F';
  incomeID: number;
  stateID: number;
}
type Doc = Record<string, unknown> & { panelists: Panelist[] };
type Step = { kind: 'add'; panelist: Panelist } | { kind: 'remove'; index: number };

const DAY = 86_400_000;
const date2020 = fc.integer({ min: 0, max: 365 }).map((d) => new Date(Date.UTC(2020, 0, 1) + d * DAY).toISOString().slice(0, 10));

// panelist_id is replaced by a running number, so a panelist is never added twice (the picker refuses that).
const panelist: fc.Arbitrary<Panelist> = fc.record({
  pp_date: date2020,
  panelist_id: fc.constant(0),
  competi_id: fc.integer({ min: 1, max: 999 }),
  invitation_id: fc.integer({ min: 1, max: 999 }),
  tracking_id: fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
  age: fc.integer({ min: 10, max: 99 }),
  gender: fc.constantFrom('M' as const, 'F' as const),
  incomeID: fc.integer({ min: 0, max: 6 }),
  stateID: fc.integer({ min: 0, max: 8 }),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), panelist }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat({ max: 20 }) }),
);

// Values picked by hand; they overlap the panelist ranges on purpose.
const handValues = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 3 });

const bucket = (p: Panelist) => Math.floor(p.age / 10);
const fields = [
  { path: 'state_province', of: (p: Panelist) => p.stateID },
  { path: 'product_age', of: bucket },
  { path: 'product_income', of: (p: Panelist) => p.incomeID },
] as const;

const nonZero = (xs: number[]) => new Set(xs.filter((x) => x !== 0));
const sorted = (xs: Iterable<unknown>) => [...xs].map(Number).sort((a, b) => a - b);

function expectedGender(ps: Panelist[]): string {
  const m = ps.some((p) => p.gender === 'M');
  const f = ps.some((p) => p.gender === 'F');
  return m && f ? 'B' : m ? 'M' : f ? 'F' : 'N';
}

function baseDoc(initial: Panelist[], hand: Record<string, number[]>): Doc {
  const derivedFrom = (of: (p: Panelist) => number, extra: number[]) => sorted(new Set([...extra, ...nonZero(initial.map(of))]));
  return {
    product_id: 1,
    entry_date: initial.length ? initial.map((p) => p.pp_date).sort()[0] : '2020-01-01',
    media_channel: 1,
    audience: 1,
    state_specific: false,
    panelists: initial,
    gender: expectedGender(initial),
    state_province: derivedFrom(fields[0].of, hand.state_province),
    product_age: derivedFrom(fields[1].of, hand.product_age),
    product_income: derivedFrom(fields[2].of, hand.product_income),
  };
}

describe('panelist derivations (001 §4 Panelists), random add/remove sequences', () => {
  it('keep gender, entry date, states, age buckets and incomes in line with the remaining panelists', () => {
    fc.assert(
      fc.property(
        fc.array(panelist, { maxLength: 5 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        handValues(8), handValues(9), handValues(6),
        (initialRaw, steps, handStates, handAges, handIncomes) => {
          let nextId = 1;
          const initial = initialRaw.map((p) => ({ ...p, panelist_id: nextId++ }));
          const hand: Record<string, number[]> = { state_province: handStates, product_age: handAges, product_income: handIncomes };
          let doc = baseDoc(initial, hand);
          // Every value any panelist has had, per field: a hand value stops being "never used" once a panelist uses it.
          const everUsed: Record<string, Set<number>> = Object.fromEntries(fields.map((f) => [f.path, nonZero(initial.map(f.of))]));

          for (const s of steps) {
            const before = doc.panelists;
            let after: Panelist[];
            if (s.kind === 'add') {
              after = [...before, { ...s.panelist, panelist_id: nextId++ }];
            } else {
              if (before.length === 0) continue;
              const i = s.index % before.length;
              after = before.filter((_, j) => j !== i);
            }
            const prev = doc;
            const vm = engine.evaluate({ ...structuredClone(prev), panelists: structuredClone(after) }, { action: null, prev });
            const next = vm.document as Doc;
            const what = `${s.kind} -> ${JSON.stringify(after)}\nderived: ${JSON.stringify(vm.derived)}`;

            expect(next.panelists, what).toEqual(after);
            expect(next.gender, `gender after ${what}`).toBe(expectedGender(after));
            if (s.kind === 'add') {
              expect(next.entry_date, `entry_date after ${what}`).toBe(after.map((p) => p.pp_date).sort()[0]);
            } else {
              expect(next.entry_date, `entry_date after ${what}`).toBe(prev.entry_date);
            }
            for (const f of fields) {
              for (const v of nonZero(after.map(f.of))) everUsed[f.path].add(v);
              const remaining = nonZero(after.map(f.of));
              const keptByHand = hand[f.path].filter((v) => !everUsed[f.path].has(v));
              const actual = (next[f.path] ?? []) as number[];
              // Every remaining value; hand values never used by a panelist; nothing only a removed panelist used.
              expect(sorted(new Set(actual)), `${f.path} after ${what}`).toEqual(sorted(new Set([...remaining, ...keptByHand])));
              expect(actual.length, `${f.path} has no duplicates`).toBe(new Set(actual).size);
            }
            doc = next;
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('removing the last panelist resets gender to N and drops every panelist-derived value', () => {
    const p: Panelist = { pp_date: '2020-03-02', panelist_id: 1, competi_id: 2, invitation_id: 3, tracking_id: '1234', age: 34, gender: 'F', incomeID: 3, stateID: 5 };
    const prev = baseDoc([p], { state_province: [7], product_age: [], product_income: [] });
    const vm = engine.evaluate({ ...prev, panelists: [] }, { action: null, prev });
    expect(vm.derived).toMatchObject({ gender: 'N', state_province: [7], product_age: [], product_income: [] });
  });
});
