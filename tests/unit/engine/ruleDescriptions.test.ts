import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaFiles, createEngine, defaultOps, describeLogic, truthy } from '../../../src/engine';
import { describeRule } from '../../../src/engine/diff/describeRule';
import { argsOf, isLogic, operatorOf } from '../../../src/engine/logic/isLogic';
import { emptyContext } from '../../../src/engine/logic/EvalContext';
import { standardOps, structuralOps } from '../../../src/engine/logic/standardOps';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { ruleCaseDocuments } from '../../../src/server/rules/ruleCaseDocuments';

/*
 * Issue 13: the rule catalogue and Why? describe every rule in plain words, truthfully. Each
 * quantified part of a rule (a value among the field of every item, some/all/none, a sector at any
 * level) is evaluated on the documents of the rule cases (tests/rules/*.json) and compared with
 * what its words promise: "any" must behave as "at least one item", "every" as "all items".
 */

const root = join(import.meta.dirname, '../../..');
const metadata = loadMetadataFromDir(root);
const engine = createEngine(metadata, { now: () => '2024-06-01' });
/** Every form area with rules: the product (rules/product) and the forward form (rules/forward). */
const engines = { product: engine, forward: createEngine({ files: areaFiles(metadata.files, 'forward') }, { now: () => '2024-06-01' }) };
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

  const registered = defaultOps().list();
  // Structural operations (some, none, all, in, ...) always have words of their own; "none of" is English.
  const opNames = [...registered.map((o) => o.name), ...Object.keys(standardOps).filter((n) => n !== 'in'), ...[...structuralOps].filter((n) => /_/.test(n))];
  /** What a description must never contain: an operation by its name, its call, raw JSON, an empty value, an internal name. */
  function rawParts(text: string): string[] {
    // The rule's message and labels are the spec's texts; quoted values are values.
    const words = text.replace(/, else ".*"$/s, '').replace(/"[^"]*"/g, '"…"');
    const found: string[] = [];
    for (const name of opNames) {
      const spelt = name.replace(/_/g, ' ');
      // The describer's fallback ("max group of ...") and the name itself where it is not an English word.
      if (new RegExp(`(^|[\\s(])${spelt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} of `).test(words)) found.push(`${name} (fallback)`);
      if ((/_/.test(name) || ['pluck', 'uniq', 'cat', 'substr', 'var', 'log'].includes(name)) && new RegExp(`\\b${name}\\b`).test(words)) found.push(name);
      if (/^\w+$/.test(name) && words.includes(`${name}(`)) found.push(`${name}(`);
    }
    if (/[{}[\]]/.test(words)) found.push('raw JSON');
    if (/ {2}|becomes +when|of +has| ,|\bundefined\b|\bnull\b|\(\.\.\.\)/.test(words)) found.push('an empty value');
    const internal = words.match(/\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z]\w*\b|\b\w+\.\w+\b/g);
    if (internal) found.push(`internal names ${internal.join(', ')}`);
    return found;
  }

  it('every custom operation has a plain-words form in its registry entry', () => {
    expect(registered.filter((o) => !o.words).map((o) => o.name)).toEqual([]);
    // Each form says something of its own, naming no operation (arguments are fields of the product).
    for (const o of registered) {
      const call = { [o.name]: [{ var: 'panelists' }, [87, 90], 2, 4] };
      const said = describeLogic(call, engine.model);
      expect(rawParts(said), `${o.name}: "${said}"`).toEqual([]);
      const negated = describeLogic({ '!': call }, engine.model);
      expect(rawParts(negated), `!${o.name}: "${negated}"`).toEqual([]);
    }
  });

  it('are plain words: no operation names or calls, raw JSON, empty values or internal names, for any rule in rules/', () => {
    const problems: string[] = [];
    let described = 0;
    for (const [area, e] of Object.entries(engines)) {
      for (const rule of e.rules) {
        const text = describeRule(rule, e.model);
        const found = rawParts(text);
        if (found.length) problems.push(`${area} ${rule.id}: ${found.join('; ')} in "${text}"`);
        described++;
      }
    }
    expect(problems).toEqual([]);
    expect(described).toBeGreaterThan(150);
  });

  it('the describer itself would be caught: a raw op name, JSON or an internal name fails the check', () => {
    expect(rawParts('Entry Date becomes date min of the Date values of Panelist')).toContain('date_min (fallback)');
    expect(rawParts('Panelist has has_dupes')).toContain('has_dupes');
    expect(rawParts('the pluck(Panelist) values')).toContain('pluck(');
    expect(rawParts('State Province is one of [5]')).toContain('raw JSON');
    expect(rawParts('Date of panelist_draft is not after today')).toEqual([expect.stringMatching(/^internal names panelist_draft/)]);
    expect(rawParts('Entry Date becomes  when Panelist is not empty')).toContain('an empty value');
  });

  it('Why? speaks the same words: no rule explained on a rule case shows an operation name, a call or raw JSON', () => {
    const problems: string[] = [];
    const targets = [...new Set(engine.rules.map((r) => (r.targetType === 'item' ? r.target.replace('*', '0') : r.target)))];
    // Six rule-case documents spread over the cases (an explanation evaluates the whole product).
    const step = Math.ceil(documents.length / 6);
    for (const doc of documents.filter((_, i) => i % step === 0)) {
      for (const target of targets) {
        let ex;
        try {
          ex = engine.explain(doc, target, {});
        } catch {
          continue; // an item target the document has no item for
        }
        for (const r of ex.rules) {
          for (const [part, text] of [['words', r.words], ['why', r.why]] as const) {
            const found = rawParts(text).filter((f) => part === 'words' || !f.startsWith('internal') );
            if (found.length) problems.push(`${r.id} ${part}: ${found.join('; ')} in "${text}"`);
          }
        }
      }
    }
    expect([...new Set(problems)].slice(0, 20)).toEqual([]);
  }, 60_000);
});
