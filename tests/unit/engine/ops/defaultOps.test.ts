import { describe, expect, it } from 'vitest';
import { compileLogic } from '../../../../src/engine/logic/compileLogic';
import { emptyContext } from '../../../../src/engine/logic/EvalContext';
import { defaultOps } from '../../../../src/engine/ops/defaultOps';

// (A one-key object literal is an operation in JsonLogic, so item lists come from the data.)
// Every operation docs/metadata.md lists, reachable by name through one engine registry.
const documented: Array<[string, unknown, unknown]> = [
  ['chain_has', { chain_has: [{ var: 's' }, [4, 454]] }, true],
  ['chain_any', { chain_any: [{ var: 's' }, [454], 2] }, true],
  ['chain_roots', { chain_roots: [{ var: 's' }] }, [4]],
  ['chain_ids', { chain_ids: [{ var: 's' }] }, [4, 454]],
  ['chain_lasts', { chain_lasts: [{ var: 's' }, [4], 2, 4] }, [454]],
  ['only_roots', { only_roots: [{ var: 's' }, [4]] }, true],
  ['empty', { empty: { var: 'none' } }, true],
  ['count', { count: { var: 's' } }, 1],
  ['intersects', { intersects: [[1, 2], [2, 3]] }, true],
  ['pluck', { pluck: [{ var: 'items' }, 'a'] }, [1, 1, 2]],
  ['uniq', { uniq: [[1, 1, 2]] }, [1, 2]],
  ['union', { union: [[1], [1, 2]] }, [1, 2]],
  ['difference', { difference: [[1, 2], [2]] }, [1]],
  ['items_added', { items_added: [[1, 2], [2]] }, [1]],
  ['items_removed', { items_removed: [[1], [1, 2]] }, [2]],
  ['list_changed', { list_changed: [[1], [1, 2]] }, false], // no $prev in this context: never changed
  ['date_lt', { date_lt: ['2024-01-01', '2024-01-02'] }, true],
  ['date_le', { date_le: ['2024-01-02', '2024-01-02'] }, true],
  ['date_gt', { date_gt: ['2024-01-03', '2024-01-02'] }, true],
  ['date_ge', { date_ge: ['2024-01-01', '2024-01-02'] }, false],
  ['date_max', { date_max: [['2024-01-01', '2024-02-01']] }, '2024-02-01'],
  ['date_valid', { and: [{ date_valid: ['2024', '02', '29'] }, { '!': { date_valid: ['2023', '02', '29'] } }, { '!': { date_valid: ['2024', '02', '31'] } }] }, true],
  ['date_min', { date_min: [['2024-01-01', '2024-02-01']] }, '2024-01-01'],
  ['max_group', { max_group: [{ var: 'items' }, ['a']] }, 2],
  ['has_dupes', { has_dupes: [{ var: 'items' }, ['a']] }, true],
  ['uniq_by', { uniq_by: [{ var: 'items' }, ['a']] }, [{ a: 1, b: 1 }, { a: 2, b: 3 }]],
  ['matches', { matches: ['2024-05-01x', '^\\d{4}-'] }, true],
  ['floor_div', { floor_div: [35, 10] }, 3],
  ['join_words', { join_words: [' ', 'Acme', null, ' ', 'Gold Card'] }, 'Acme Gold Card'],
];

describe('defaultOps registry', () => {
  const ops = defaultOps();
  it.each(documented)('%s', (_name, logic, expected) => {
    expect(compileLogic(logic, ops)({ s: [[{ id: 4 }, { id: 454 }]], items: [{ a: 1, b: 1 }, { a: 1, b: 2 }, { a: 2, b: 3 }] }, emptyContext())).toEqual(expected);
  });

  it('holds exactly the documented operations, each described', () => {
    expect(ops.list().map((o) => o.name).sort()).toEqual(documented.map(([n]) => n).sort());
    for (const o of ops.list()) expect(o.description).not.toBe('');
  });

  it('answers the same through its positional form (what generated rules call) as through its arguments array', () => {
    const data = { s: [[{ id: 4 }, { id: 454 }]], items: [{ a: 1, b: 1 }, { a: 1, b: 2 }, { a: 2, b: 3 }] };
    const withDirect = ops.list().filter((o) => o.direct);
    expect(withDirect.map((o) => o.name)).toEqual(expect.arrayContaining(['empty', 'pluck', 'chain_any', 'has_dupes', 'date_max']));
    for (const [name, logic] of documented) {
      const info = ops.info(name)!;
      if (!info.direct) continue;
      const written = (logic as Record<string, unknown>)[name];
      const args = (Array.isArray(written) ? written : [written]).map((a) => compileLogic(a, ops)(data, emptyContext()));
      // One argument fewer and one more too: a missing argument is undefined in both, an extra one ignored.
      for (const list of [args, args.slice(0, -1), [...args, 'extra']]) {
        expect((info.direct as (...a: unknown[]) => unknown)(...list), name).toEqual(info.fn(list, data, emptyContext()));
      }
    }
  });

  it('is per instance: an op added to one engine registry is absent from another', () => {
    const a = defaultOps().add('shout', ([s]) => String(s).toUpperCase());
    expect(compileLogic({ shout: ['hi'] }, a)({}, emptyContext())).toBe('HI');
    expect(() => compileLogic({ shout: ['hi'] }, defaultOps())).toThrow();
  });
});
