import { describe, expect, it } from 'vitest';
import { planOptionIndex } from '../../../src/engine/evaluate/optionIndex';
import { compileLogic } from '../../../src/engine/logic/compileLogic';
import { emptyContext } from '../../../src/engine/logic/EvalContext';
import { truthy } from '../../../src/engine/logic/truthy';
import { defaultOps } from '../../../src/engine/ops/defaultOps';
import type { CodeEntry } from '../../../src/engine/types';

// An indexed options filter must keep exactly the entries the filter keeps run option by option
// (json-logic-js semantics: loose ==, `in` by indexOf, intersects by ===), or decline (undefined).
describe('options filters answered from an index of the code table', () => {
  const ops = defaultOps();
  const entries: CodeEntry[] = [
    { const: 1, title: 'a', 'x-parent': 10, 'x-kind': 'image', 'x-sectors': [87, 90] },
    { const: 2, title: 'b', 'x-parent': 10, 'x-kind': 'pdf', 'x-sectors': [90] },
    { const: 3, title: 'c', 'x-parent': 11, 'x-kind': 'image', 'x-sectors': 6 },
    { const: 4, title: 'd', 'x-kind': 'video', 'x-sectors': [] },
    { const: '5', title: 'e', 'x-parent': 0, 'x-kind': '', 'x-sectors': null },
    { const: 6, title: 'f', 'x-parent': null, 'x-kind': 'true', 'x-sectors': [true, 0] },
  ];
  const values: unknown[] = [10, '10', 11, 0, '', '0', null, undefined, true, false, 'image', ' 10 ', [10], [], [1, 2, '5'], ['5', 6, 6], 'image,pdf', 90, [90, 6], [true], [0, 87], NaN, [NaN], { a: 1 }, '1'];
  const filters = [
    { '==': [{ var: 'option.x-parent' }, { var: 'doc.v' }] },
    { '==': [{ var: 'doc.v' }, { var: 'option.x-kind' }] },
    { '==': [{ var: 'option.const' }, { var: 'doc.v' }] },
    { in: [{ var: 'option.const' }, { var: 'doc.v' }] },
    { in: [{ var: 'option.x-kind' }, { var: 'doc.v' }] },
    { intersects: [{ var: 'option.x-sectors' }, { var: 'doc.v' }] },
    { intersects: [{ var: 'option.x-sectors' }, { chain_ids: [{ var: 'doc.v' }] }] },
  ];

  it('keeps what the filter keeps per option, for every kind of value, or declines', () => {
    let indexed = 0;
    for (const filter of filters) {
      const index = planOptionIndex(filter, entries, ops, {});
      expect(index, JSON.stringify(filter)).toBeDefined();
      const fn = compileLogic(filter, ops);
      for (const v of values) {
        const ctx = emptyContext('2024-06-01');
        const doc = { v };
        const perOption = entries.filter((option) => truthy(fn({ option, doc }, ctx)));
        const kept = index!.keep({ option: null, doc }, ctx);
        if (kept === undefined) continue;
        indexed++;
        expect(kept, `${JSON.stringify(filter)} with ${JSON.stringify(v)}`).toEqual(perOption);
      }
    }
    expect(indexed).toBeGreaterThan(100);
  });

  it('hands out a list of its own on every call, in table order, whatever was asked before', () => {
    const index = planOptionIndex({ in: [{ var: 'option.const' }, { var: 'doc.v' }] }, entries, ops, {})!;
    const ctx = emptyContext('2024-06-01');
    const first = index.keep({ option: null, doc: { v: [2] } }, ctx)!;
    first.length = 0; // a caller's list is its own: the next answer is not affected
    expect(index.keep({ option: null, doc: { v: [2] } }, ctx)).toEqual([entries[1]]);
    // Several values mark entries in a shared buffer: nothing marked must leak into the next call.
    expect(index.keep({ option: null, doc: { v: [6, 1, 4] } }, ctx)).toEqual([entries[0], entries[3], entries[5]]);
    expect(index.keep({ option: null, doc: { v: [4, '5'] } }, ctx)).toEqual([entries[3], entries[4]]);
    expect(index.keep({ option: null, doc: { v: [99, 'x'] } }, ctx)).toEqual([]);
  });

  it('is not planned for filters it cannot answer exactly', () => {
    expect(planOptionIndex({ '==': [{ var: 'option.x-parent' }, { var: 'option.const' }] }, entries, ops, {})).toBeUndefined();
    expect(planOptionIndex({ in: [{ var: 'doc.v' }, { var: 'option.x-sectors' }] }, entries, ops, {})).toBeUndefined();
    expect(planOptionIndex({ '==': [{ var: ['option.x-parent', 1] }, 1] }, entries, ops, {})).toBeUndefined();
    expect(planOptionIndex({ '==': [{ var: 'option.x-sectors' }, 1] }, entries, ops, {})).toBeUndefined(); // lists in the column
    expect(planOptionIndex({ '==': [{ var: 'option.x-parent' }, { log: 1 }] }, entries, ops, {})).toBeUndefined();
    expect(planOptionIndex({ '<': [{ var: 'option.x-parent' }, 3] }, entries, ops, {})).toBeUndefined();
  });
});
