import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { compileLogic, LogicCompileError } from '../../../src/engine/logic/compileLogic';
import { emptyContext } from '../../../src/engine/logic/EvalContext';
import { generatedReaders } from '../../../src/engine/logic/lookupVar';
import { defaultOps } from '../../../src/engine/ops/defaultOps';
import { registerOpsInJsonLogicJs } from '../../../src/engine/reference/jsonLogicJsReference';
import suite from '../../fixtures/json-logic-tests.json';

const ops = defaultOps();
registerOpsInJsonLogicJs(ops);
type Case = [unknown, unknown, unknown];
const cases = (suite as unknown[]).filter((c): c is Case => Array.isArray(c));

describe('the official JsonLogic suite (tests/fixtures/json-logic-tests.json)', () => {
  it('has the 277 cases', () => {
    expect(cases).toHaveLength(277);
  });

  it.each(cases.map((c, i) => [i, JSON.stringify(c[0]), c] as const))('case %i %s: compiled path and json-logic-js agree with the expected value', (_i, _s, [rule, data, expected]) => {
    const compiled = compileLogic(rule, ops)(data, emptyContext());
    const reference = jsonLogic.apply(rule as jsonLogic.RulesLogic, data);
    expect(reference).toEqual(expected);
    expect(compiled).toEqual(expected);
  });

  // The server's engine generates each rule as one function (generateLogic) with generated var readers.
  it.each(cases.map((c, i) => [i, JSON.stringify(c[0]), c] as const))('case %i %s: generated code agrees too', (_i, _s, [rule, data, expected]) => {
    expect(compileLogic(rule, ops, false, generated())(data, emptyContext())).toEqual(expected);
  });
});

const generated = () => ({ readers: generatedReaders() });

describe('generated rules', () => {
  it('give what the closures give on and/or/if of every length, in, ! and !!, nested and constant-folded parts', () => {
    const datas = [{}, { a: 0, b: '', c: [], d: [1], e: 'x', f: null }, { a: 2, b: 'yes', c: [0], d: [], e: 'e', f: { g: 1 } }];
    const rules: unknown[] = [
      { and: [] }, { or: [] }, { and: [{ var: 'a' }] }, { or: [{ var: 'c' }, { var: 'd' }, { var: 'b' }] },
      { and: [{ var: 'a' }, { or: [{ var: 'b' }, { var: 'c' }] }, { var: 'e' }] },
      { if: [] }, { if: [{ var: 'a' }] }, { if: [{ var: 'a' }, 'A'] }, { if: [{ var: 'a' }, 'A', { var: 'b' }, 'B'] }, { if: [{ var: 'a' }, 'A', { var: 'b' }, 'B', 'C'] },
      { '?:': [{ var: 'c' }, 1, 2] },
      { in: [{ var: 'e' }, 'text'] }, { in: [{ var: 'a' }, [0, 2, [3]]] }, { in: [{ var: 'a' }, 5] }, { in: [{ var: 'a' }, null] }, { in: [{ var: 'e' }, { var: 'b' }] },
      { '!': [{ var: 'c' }] }, { '!!': [{ var: 'd' }] }, { '!': [{ var: 'a' }, 1] }, { '!!': [[]] },
      { '==': [{ var: 'a' }, -0] }, { '===': [[1, 2], [1, 2]] }, { '<': [1, { var: 'a' }, 3] }, { '<=': [{ var: 'a' }, 2] }, { '>': ['10', { var: 'a' }] },
      { '==': [{ var: 'f' }, null] }, { '!==': [{ var: 'f.g' }, 1] }, { '!=': ['"quoted" \\ \u2028', { var: 'e' }] },
      { cat: ['a', { var: 'e' }, 1] }, { '+': [{ var: 'a' }, '1'] }, { merge: [{ var: 'd' }, [[1]], 2] },
      { count: { var: 'd' } }, { some: [{ var: 'd' }, { '==': [{ var: '' }, 1] }] }, { missing: ['a', 'zz'] },
      [{ var: 'a' }, 1], [1, [2, 3]],
    ];
    for (const rule of rules) {
      const closure = compileLogic(rule, ops);
      const gen = compileLogic(rule, ops, false, generated());
      for (const d of datas) expect(gen(d, emptyContext()), `${JSON.stringify(rule)} on ${JSON.stringify(d)}`).toEqual(closure(d, emptyContext()));
    }
  });

  it('refuse an unknown operation when compiling, as the closures do', () => {
    expect(() => compileLogic({ and: [{ chain_hass: [1] }, true] }, ops, false, generated())).toThrow('Unrecognized operation chain_hass');
  });
});

describe('compileLogic', () => {
  it('compiles once and re-runs on new data', () => {
    const fn = compileLogic({ and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 5]] }] }, ops);
    expect(fn({ media_channel: 1, audience: 5 }, emptyContext())).toBe(true);
    expect(fn({ media_channel: 2, audience: 5 }, emptyContext())).toBe(false);
  });

  it('serves $now, $action, $prev and $options from the context at root scope only', () => {
    const ctx = { now: '2024-05-10', action: 'approve', prev: { a: 1 }, optionIds: { 'x.y': [1, 2] } };
    expect(compileLogic({ var: '$now' }, ops)({}, ctx)).toBe('2024-05-10');
    expect(compileLogic({ var: '$action' }, ops)({}, ctx)).toBe('approve');
    expect(compileLogic({ var: '$prev.a' }, ops)({}, ctx)).toBe(1);
    expect(compileLogic({ var: '$options.x.y' }, ops)({}, ctx)).toEqual([1, 2]);
    // Inside map the data is the item, as in json-logic-js.
    expect(compileLogic({ map: [{ var: 'xs' }, { var: '$now' }] }, ops)({ xs: [{ $now: 'item' }, {}] }, ctx)).toEqual(['item', null]);
  });

  it('agrees with json-logic-js on custom operations and the $-names', () => {
    const data = { sectors: [[{ id: 4 }, { id: 454 }, { id: 506 }], [{ id: 90 }]], panelists: [{ pp_date: '2024-05-01', g: 'F' }, { pp_date: '2024-05-03', g: 'M' }] };
    const ctx = { now: '2024-05-10', action: 'save', prev: null, optionIds: {} };
    const rules = [
      { chain_has: [{ var: 'sectors' }, [4, 454, 506]] },
      { chain_lasts: [{ var: 'sectors' }, [4], 2, 4] },
      { date_max: [{ pluck: [{ var: 'panelists' }, 'pp_date'] }] },
      { some: [{ var: 'panelists' }, { date_gt: [{ var: 'pp_date' }, '2024-05-02'] }] },
      { if: [{ '>': [{ count: { uniq: [{ pluck: [{ var: 'panelists' }, 'g'] }] } }, 1] }, 'B', 'x'] },
      { date_lt: [{ var: '$now' }, '2025-01-01'] },
    ];
    for (const rule of rules) {
      const reference = jsonLogic.apply(rule as jsonLogic.RulesLogic, { ...data, $now: ctx.now, $action: ctx.action, $prev: null });
      expect(compileLogic(rule, ops)(data, ctx)).toEqual(reference);
    }
  });

  it('refuses an unknown operation when compiling, not when running', () => {
    expect(() => compileLogic({ chain_hass: [1] }, ops)).toThrow(LogicCompileError);
    expect(() => compileLogic({ chain_hass: [1] }, ops)).toThrow('Unrecognized operation chain_hass');
  });
});
