import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, describeLogic, truthy } from '../../../src/engine';
import { describeRule } from '../../../src/engine/diff/describeRule';
import { argsOf, isLogic, operatorOf } from '../../../src/engine/logic/isLogic';
import { emptyContext } from '../../../src/engine/logic/EvalContext';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { ruleCaseDocuments } from '../../../src/server/rules/ruleCaseDocuments';

/*
 * Issue 13: the rule catalogue and Why? describe every rule in plain words, truthfully. Each
 * quantified part of a rule (a value among the field of every item, some/all/none, a sector at any
 * level) is evaluated on the documents of the rule cases (tests/rules/*.json) and compared with
 * what its words promise: "any" must behave as "at least one item", "every" as "all items".
 */

const root = join(import.meta.dirname, '../../..');
const engine = createEngine(loadMetadataFromDir(root), { now: () => '2024-06-01' });
const casesDir = join(root, 'tests/rules');
const documents: unknown[] = readdirSync(casesDir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => {
    const file = JSON.parse(readFileSync(join(casesDir, f), 'utf8')) as { metadata?: string; cases: unknown[] };
    return file.metadata ? [] : file.cases.map((c) => ruleCaseDocuments(file, c).document);
  });

type Quantified = { node: unknown; items: (doc: unknown) => unknown[]; holds: (item: unknown) => boolean };

const run = (logic: unknown, data: unknown) => engine.compile(logic)(data, emptyContext('2024-06-01'));

/** Root-scope parts of a rule whose truth is "some item" or "every item" of a list, with how to test one item. */
function quantified(logic: unknown, out: Quantified[] = []): Quantified[] {
  if (Array.isArray(logic)) {
    for (const l of logic) quantified(l, out);
    return out;
  }
  if (!isLogic(logic)) return out;
  const op = operatorOf(logic);
  const a = argsOf(logic);
  const asList = (v: unknown) => (Array.isArray(v) ? v : []);
  if (op === 'in' && isLogic(a[1]) && operatorOf(a[1]) === 'pluck' && !isLogic(a[0])) {
    const [list, key] = argsOf(a[1]) as [unknown, string];
    out.push({ node: logic, items: (d) => asList(run(list, d)), holds: (item) => (item as Record<string, unknown> | null)?.[key] === a[0] });
  } else if (op === 'in' && isLogic(a[1]) && operatorOf(a[1]) === 'chain_ids' && !isLogic(a[0])) {
    const chains = argsOf(a[1])[0];
    out.push({ node: logic, items: (d) => asList(run(chains, d)), holds: (chain) => asList(chain).some((x) => (x as { id?: unknown }).id === a[0]) });
  } else if (op === 'some' || op === 'all' || op === 'none') {
    const test = engine.compile(a[1]);
    out.push({ node: logic, items: (d) => asList(run(a[0], d)), holds: (item) => truthy(test(item, emptyContext('2024-06-01'))) });
  }
  // Logic inside some/all/none/map/filter/reduce reads the item, not the document: only their list is root scope.
  const scoped = ['some', 'all', 'none', 'map', 'filter', 'reduce'].includes(op);
  for (const arg of scoped ? a.slice(0, 1) : a) quantified(arg, out);
  return out;
}

const logicOf = (r: (typeof engine.rules)[number]) => [r.when, r.valid, r.value, r.filter].filter((l) => l !== undefined);

describe('rule descriptions', () => {
  it('say "any" where the logic holds for one item and "every" where it needs all items, on every rule case', () => {
    const checked: string[] = [];
    for (const rule of engine.rules) {
      for (const part of logicOf(rule).flatMap((l) => quantified(l))) {
        const words = describeLogic(part.node, engine.model);
        const saysEvery = /^(every|all)\b/.test(words) || /\b(is in|of) every\b/.test(words);
        const saysAny = /^(any|some)\b/.test(words) || /\bof any\b/.test(words);
        const saysNone = /^no\b/.test(words);
        expect(saysEvery || saysAny || saysNone, `${rule.id}: "${words}" names no quantifier`).toBe(true);
        for (const doc of documents) {
          const items = part.items(doc);
          const value = truthy(run(part.node, doc));
          const promised = saysNone ? !items.some(part.holds) : saysEvery ? items.length > 0 && items.every(part.holds) : items.some(part.holds);
          if (operatorOf(part.node as Record<string, unknown>) === 'all' && items.length === 0) continue; // json-logic `all` of nothing is false, as "every" of nothing here
          expect(value, `${rule.id}: "${words}" on ${JSON.stringify(items)}`).toBe(promised);
        }
        checked.push(rule.id);
      }
    }
    // The parts that said "every" for `some` before issue 13.
    expect(checked).toEqual(expect.arrayContaining(['target_market.military', 'worksite_voluntary.set', 'offer_origin.insurance_exchange', 'gender.from_panelists', 'is_hphsa.visible']));
  });

  it('are plain words: no raw calls, JSON objects, empty values or unfilled placeholders', () => {
    for (const rule of engine.rules) {
      const text = describeRule(rule, engine.model);
      const words = text.replace(/, else ".*"$/, '');
      expect(words, rule.id).not.toMatch(/\b(pluck|union|difference|merge|substr|cat|map|reduce|uniq|floor_div|date_min|date_max)\(/);
      expect(words, rule.id).not.toMatch(/[{}]/);
      expect(words, rule.id).not.toMatch(/ {2}|becomes +when|of +has| ,/);
    }
  });
});
