import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine';
import type { Engine, RuleError, ViewModel } from '../../src/engine';
import { compareWithReference } from '../../src/engine/reference/jsonLogicJsReference';
import { loadMetadataFromDir } from '../../src/server/metadata/loadMetadataFromDir';
import { ruleCaseDocuments } from '../../src/server/rules/ruleCaseDocuments';

/*
 * Runs every data-only case file tests/rules/*.json (format: tests/rules/README.md) through the
 * engine, and checks on each case that the compiled rules agree with json-logic-js `apply`.
 */

const repoRoot = join(import.meta.dirname, '../..');
const DEFAULT_NOW = '2024-06-01';
const expectKeys = ['visible', 'hidden', 'errors', 'absentErrors', 'noErrors', 'warnings', 'noWarnings', 'derived', 'notDerived', 'options', 'labels', 'readonly', 'editable'];

interface Expect {
  visible?: string[];
  hidden?: string[];
  errors?: Array<Partial<RuleError>>;
  absentErrors?: Array<Partial<RuleError>>;
  noErrors?: boolean;
  /** Warning rules' messages, exactly and in order. */
  warnings?: Array<Partial<RuleError>>;
  noWarnings?: boolean;
  derived?: Record<string, unknown>;
  notDerived?: string[];
  options?: Record<string, unknown[]>;
  labels?: Record<string, string>;
  readonly?: string[];
  editable?: string[];
}
interface Case {
  description: string;
  source: string;
  /** The whole document, or `patch`: a JSON Merge Patch over the file's `base`. */
  document?: unknown;
  patch?: unknown;
  action?: string | null;
  /** The previous document, or `prevPatch` over the file's `base`. */
  prev?: unknown;
  prevPatch?: unknown;
  now?: string;
  expect: Expect;
}
interface CaseFile { metadata?: string; now?: string; base?: unknown; cases: Case[] }

const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.json')).sort();
const engines = new Map<string, Engine>();
/** Every case runs on both ways of compiling `var` paths: closures (the browser) and generated readers (the server). */
const modes = [
  { name: 'closures', codeGeneration: false },
  { name: 'generated readers', codeGeneration: true },
];
function engineFor(dir: string, now: string, codeGeneration: boolean): Engine {
  const key = `${dir}|${now}|${codeGeneration}`;
  if (!engines.has(key)) engines.set(key, createEngine(loadMetadataFromDir(dir), { now: () => now, codeGeneration }));
  return engines.get(key)!;
}

/** A block id or a field path, and its state in the view model. */
function stateOf(vm: ViewModel, id: string) {
  const s = vm.blocks[id] ?? vm.fields[id];
  if (!s) throw new Error(`"${id}" is neither a block id nor a field path of the metadata`);
  return s;
}

const matches = (actual: RuleError, want: Partial<RuleError>) =>
  (want.rule === undefined || actual.rule === want.rule) && (want.field === undefined || actual.field === want.field) && (want.message === undefined || actual.message === want.message);

function check(engine: Engine, file: CaseFile, c: Case) {
  const { document, prev } = ruleCaseDocuments(file, c);
  const vm = engine.evaluate(document, { action: c.action ?? null, prev });
  const e = c.expect;
  const show = `errors: ${JSON.stringify(vm.errors)}\nvisible: ${JSON.stringify(vm.visible)}\nderived: ${JSON.stringify(vm.derived)}`;
  for (const id of e.visible ?? []) expect(stateOf(vm, id).visible, `${id} should be visible\n${show}`).toBe(true);
  for (const id of e.hidden ?? []) expect(stateOf(vm, id).visible, `${id} should be hidden\n${show}`).toBe(false);
  for (const want of e.errors ?? []) expect(vm.errors.some((a) => matches(a, want)), `missing error ${JSON.stringify(want)}\n${show}`).toBe(true);
  for (const want of e.absentErrors ?? []) expect(vm.errors.filter((a) => matches(a, want)), `unexpected error ${JSON.stringify(want)}`).toEqual([]);
  if (e.noErrors) expect(vm.errors).toEqual([]);
  for (const want of e.warnings ?? []) expect(vm.warnings.some((a) => matches(a, want)), `missing warning ${JSON.stringify(want)}\nwarnings: ${JSON.stringify(vm.warnings)}`).toBe(true);
  if (e.noWarnings) expect(vm.warnings).toEqual([]);
  for (const [path, value] of Object.entries(e.derived ?? {})) {
    expect(path in vm.derived, `${path} should be derived\n${show}`).toBe(true);
    expect(vm.derived[path], `derived ${path}`).toEqual(value);
  }
  for (const path of e.notDerived ?? []) expect(vm.derived, `${path} should not be derived`).not.toHaveProperty([path]);
  for (const [path, ids] of Object.entries(e.options ?? {})) {
    const f = vm.fields[path];
    if (!f?.options) throw new Error(`"${path}" is not a field with options`);
    expect(f.options.map((o) => o.const), `options of ${path}`).toEqual(ids);
  }
  for (const [id, label] of Object.entries(e.labels ?? {})) expect(stateOf(vm, id).label, `label of ${id}`).toBe(label);
  for (const id of e.readonly ?? []) expect(stateOf(vm, id).readonly, `${id} should be read-only`).toBe(true);
  for (const id of e.editable ?? []) expect(stateOf(vm, id).readonly, `${id} should be editable`).toBe(false);

  // The compiled path agrees with json-logic-js on every rule for this document.
  const inputs = engine.inputsOf(vm)!;
  const table = (r: { target: string }) => engine.model.fieldByPath.get(r.target)?.codeTable?.entries ?? [];
  // expect() only where the two differ at all: thousands of parts agree exactly, and each expect()
  // call costs more than the comparison (vitest's per-call state and chai's proxies: ~a quarter of the file's CPU).
  for (const p of compareWithReference(engine.rules, engine.ops, inputs.data, inputs.ctx, table)) {
    if (!isDeepStrictEqual(p.compiled, p.reference)) expect(p.compiled, `rule ${p.rule}.${p.part}: compiled path vs json-logic-js`).toEqual(p.reference);
  }
}

for (const file of files) {
  const data = JSON.parse(readFileSync(join(import.meta.dirname, file), 'utf8')) as CaseFile;
  const dir = join(repoRoot, data.metadata ?? '.');
  const present = existsSync(join(dir, 'schemas/product')) && existsSync(join(dir, 'rules/product'));
  describe.skipIf(!present)(`${file}${present ? '' : ` (skipped: no product metadata under ${dir}/schemas/product and rules/product yet)`}`, () => {
    it('is a well-formed case file', () => {
      expect(Array.isArray(data.cases) && data.cases.length > 0).toBe(true);
      for (const c of data.cases) {
        expect(typeof c.description === 'string' && c.description.length > 0, JSON.stringify(c).slice(0, 120)).toBe(true);
        expect(typeof c.source === 'string' && c.source.length > 0, `"${c.description}" names no spec section`).toBe(true);
        expect((c.document === undefined) !== (c.patch === undefined), `"${c.description}": give document or patch, not both`).toBe(true);
        expect(c.patch === undefined || (data.base !== null && typeof data.base === 'object'), `"${c.description}": a patch needs the file's base`).toBe(true);
        expect(c.prev === undefined || c.prevPatch === undefined, `"${c.description}": give prev or prevPatch, not both`).toBe(true);
        const { document } = ruleCaseDocuments(data, c);
        expect(document !== null && typeof document === 'object', `"${c.description}" has no document`).toBe(true);
        const keys = Object.keys(c.expect ?? {});
        expect(keys.length, `"${c.description}" expects nothing`).toBeGreaterThan(0);
        expect(keys.filter((k) => !expectKeys.includes(k)), `"${c.description}": unknown expect keys`).toEqual([]);
      }
    });
    for (const c of data.cases) {
      for (const mode of modes) {
        it(`${c.description} [${c.source}] (${mode.name})`, () => check(engineFor(dir, c.now ?? data.now ?? DEFAULT_NOW, mode.codeGeneration), data, c));
      }
    }
  });
}

describe('case documents: base plus patch', () => {
  const file = { base: { media_channel: 1, audience: 1, sectors: [[{ id: 266 }]], delivery: { delivery_method: 1, postage: 1 } } };
  it('applies a JSON Merge Patch to a copy of the file base (null removes a key, an array is replaced whole)', () => {
    const { document, prev } = ruleCaseDocuments(file, { patch: { audience: null, sectors: [[{ id: 87 }]], delivery: { postage: 2 } }, prevPatch: {} });
    expect(document).toEqual({ media_channel: 1, sectors: [[{ id: 87 }]], delivery: { delivery_method: 1, postage: 2 } });
    expect(prev).toEqual(file.base);
    expect(file.base.audience).toBe(1);
    expect(file.base.delivery.postage).toBe(1);
  });
  it('keeps a whole document and prev as written', () => {
    expect(ruleCaseDocuments(file, { document: { a: 1 }, prev: { b: 2 } })).toEqual({ document: { a: 1 }, prev: { b: 2 } });
  });
});
