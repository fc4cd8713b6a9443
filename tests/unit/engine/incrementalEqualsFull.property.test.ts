import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { functions as buildFunctions } from 'virtual:rule-functions';
import { createEngine, precompiledFunctions, type Engine, type EngineOptions, type ViewModel } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { generateProducts } from '../../../src/server/products/generateProducts';
import { sized } from '../../helpers/testSize';
import { editContext, randomEdit, type Edit } from './randomEdit';

/*
 * The dependency graph is an optimisation only: after every edit, the incremental view model
 * (evaluateIncremental from the previous one, as the product editor runs it) equals a full
 * evaluation of the same document by an engine that reuses nothing (visible, required, readonly,
 * labels, options, errors, warnings, derived values, the document), in both compile modes (and
 * with the build's precompiled functions, as the browser runs them).
 * PROPERTY_RUNS sets the number of edit sequences per mode (`npm run test:full` runs 2,000);
 * PROPERTY_SEED moves every chunk's seed (a failure names its chunk's seed and fast-check's path).
 */

const NOW = '2024-06-30';
const RUNS = Number(process.env.PROPERTY_RUNS ?? sized(2000, 300));
const CHUNK = 50;
const SEED = Number(process.env.PROPERTY_SEED ?? 20270);
const ACTIONS = [undefined, undefined, undefined, 'save', 'approve', 'promotion_save', 'panelist_add', 'sector_add', 'problem'] as const;

const metadata = loadMetadataFromDir(projectRoot);
const products = generateProducts({ count: 40, seed: 27, engine: createEngine(metadata, { now: () => NOW }) });

/** The view model as renderers and the server read it. */
const observable = (vm: ViewModel) => ({
  visible: vm.visible,
  blocks: vm.blocks,
  fields: vm.fields,
  errors: vm.errors,
  warnings: vm.warnings,
  derived: vm.derived,
  dropped: vm.dropped,
  document: vm.document,
});

/**
 * Whether firstDifference finds none, without building a path for every key: the check runs after
 * every edit, and firstDifference's walk over each pair was ~half this file's CPU (node:util's
 * isDeepStrictEqual was no quicker).
 */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k of Object.keys(x)) if (!same(x[k], y[k])) return false;
  for (const k of Object.keys(y)) if (!(k in x) && y[k] !== undefined) return false;
  return true;
}

/** The first path where two JSON values differ, for a readable failure. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path}: ${JSON.stringify(a)} (incremental) vs ${JSON.stringify(b)} (full)`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    if (d) return d;
  }
  return null;
}

describe.each<[string, () => EngineOptions]>([
  ['closures', () => ({})],
  ['code generation', () => ({ codeGeneration: true })],
  ['functions generated at build time, as the browser runs them', () => ({ functions: precompiledFunctions(buildFunctions) })],
])('incremental evaluation equals a full one after every edit (%s)', (_mode, compileMode) => {
  const incremental = createEngine(metadata, { now: () => NOW, ...compileMode() });
  const reference = createEngine(metadata, { now: () => NOW, ...compileMode(), reuseOptionLists: false });
  const ctx = editContext(incremental, products);

  const replay = (engineA: Engine, engineB: Engine, product: number, action: string | undefined, keepHiddenValues: boolean, seeds: number[]): void => {
    let vm = engineA.evaluate(products[product], { action, keepHiddenValues });
    const history: Edit[] = [];
    for (const [step, seed] of seeds.entries()) {
      const doc = vm.document;
      const edit = randomEdit(ctx, doc, vm, history, seed);
      history.push(edit);
      const opts = { action, prev: doc, keepHiddenValues };
      const inc = engineA.evaluateIncremental(vm, edit.next, [edit.path], opts);
      const full = engineB.evaluate(edit.next, opts);
      const [a, b] = [observable(inc), observable(full)];
      const diff = same(a, b) ? null : firstDifference(a, b);
      if (diff) {
        const steps = history.map((e, i) => `  ${i + 1}. ${e.label}`).join('\n');
        expect.fail(`product ${products[product].product_id}, action ${action ?? '(none)'}, ${keepHiddenValues ? 'hidden values kept' : 'hidden values dropped'}, after step ${step + 1}:\n${steps}\n${diff}`);
      }
      vm = inc;
    }
  };

  // In chunks of CHUNK sequences, each with its own seed, so no single test runs long.
  for (let first = 0; first < RUNS; first += CHUNK) {
    const runs = Math.min(CHUNK, RUNS - first);
    it(`sequences ${first + 1}-${first + runs} of ${RUNS} (seed ${SEED + first})`, () => {
      fc.assert(
        fc.property(
          fc.nat({ max: products.length - 1 }),
          fc.constantFrom(...ACTIONS),
          // Mostly as the editor evaluates (hidden values kept until the save), some as a save does.
          fc.constantFrom(true, true, true, false),
          fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
          (product, action, keep, seeds) => replay(incremental, reference, product, action, keep, seeds),
        ),
        { numRuns: runs, seed: SEED + first },
      );
    });
  }
});
