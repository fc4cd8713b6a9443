import { describe, expect, it } from 'vitest';
import { compileLogic } from '../../../../src/engine/logic/compileLogic';
import type { EvalContext } from '../../../../src/engine/logic/EvalContext';
import { defaultOps } from '../../../../src/engine/ops/defaultOps';
import { itemsAdded, itemsRemoved, listChanged } from '../../../../src/engine/ops/changeOps';
import { registerOpsInJsonLogicJs, referenceData } from '../../../../src/engine/reference/jsonLogicJsReference';

const ann = { panelist_id: 1, stateID: 5 };
const bob = { panelist_id: 2, stateID: 7 };
const ctx = (prev: unknown): EvalContext => ({ now: '2024-06-01', action: null, prev, optionIds: {} });

describe('list change operations', () => {
  it('items_added: items of the list not in the previous list, compared by value', () => {
    expect(itemsAdded([ann, bob], [{ ...ann }])).toEqual([bob]);
    expect(itemsAdded([ann], [ann])).toEqual([]);
    expect(itemsAdded([ann], null)).toEqual([ann]);
    expect(itemsAdded(null, [ann])).toEqual([]);
  });

  it('items_removed: items of the previous list no longer in the list', () => {
    expect(itemsRemoved([ann], [ann, bob])).toEqual([bob]);
    expect(itemsRemoved([ann, bob], [ann])).toEqual([]);
    expect(itemsRemoved(null, [ann])).toEqual([ann]);
  });

  it('list_changed: an item added or removed since the previous document, never without one', () => {
    expect(listChanged([ann, bob], [ann], ctx({ panelists: [ann] }))).toBe(true);
    expect(listChanged([ann], [ann, bob], ctx({ panelists: [ann, bob] }))).toBe(true);
    expect(listChanged([bob, ann], [ann, bob], ctx({ panelists: [ann, bob] }))).toBe(false); // reordered only
    expect(listChanged([ann], null, ctx({ product_name: 'x' }))).toBe(true); // the previous document had no list
    expect(listChanged([ann], null, ctx(null))).toBe(false); // a load: no previous document
    expect(listChanged([ann], null, ctx({}))).toBe(false);
    expect(listChanged([ann], null, undefined)).toBe(false);
  });

  it('are registered with plain-words descriptions and agree with json-logic-js in rules', () => {
    const ops = defaultOps();
    for (const name of ['list_changed', 'items_added', 'items_removed']) {
      expect(ops.list().find((o) => o.name === name)?.description, name).toMatch(/previous/);
    }
    const jl = registerOpsInJsonLogicJs(ops);
    const rules = [
      { list_changed: [{ var: 'panelists' }, { var: '$prev.panelists' }] },
      { items_added: [{ var: 'panelists' }, { var: '$prev.panelists' }] },
      { pluck: [{ items_removed: [{ var: 'panelists' }, { var: '$prev.panelists' }] }, 'stateID'] },
    ];
    const cases: Array<[unknown, unknown]> = [
      [{ panelists: [ann, bob] }, { panelists: [ann] }],
      [{ panelists: [ann] }, { panelists: [ann, bob] }],
      [{ panelists: [ann] }, null],
      [{ panelists: [ann] }, { panelists: [ann] }],
    ];
    const results = cases.map(([doc, prev]) => rules.map((r) => compileLogic(r, ops)(doc, ctx(prev))));
    expect(results).toEqual([
      [true, [bob], []],
      [true, [], [7]],
      [false, [ann], []],
      [false, [], []],
    ]);
    cases.forEach(([doc, prev], i) => {
      const reference = rules.map((r) => jl.apply(r as never, referenceData(doc, ctx(prev))));
      expect(reference, `case ${i}`).toEqual(results[i]);
    });
  });
});
