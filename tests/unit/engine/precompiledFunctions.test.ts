import { describe, expect, it } from 'vitest';
import { functions as buildFunctions, metadataVersion, preparedRules } from 'virtual:rule-functions';
import { areaFiles, createEngine, precompiledFunctions, recordingFunctions, sourceKey, type Metadata } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { metadataHash } from '../../../src/server/metadataHash';
import { projectRoot } from '../../../src/server/paths';
import { generateProducts } from '../../../src/server/products/generateProducts';

// Issue 31 item 5: the browser runs the rule functions the build generated from the metadata (its
// CSP forbids eval), the same code the server generates at run time; closures where they are missing.

const NOW = '2024-06-30';
const metadata = loadMetadataFromDir(projectRoot);
const products = generateProducts({ count: 12, seed: 31, engine: createEngine(metadata, { now: () => NOW }) });

/** Runs `fn` with the Function constructor refusing, as under the portal's CSP (no 'unsafe-eval'). */
function withoutEval<T>(fn: () => T): T {
  const original = globalThis.Function;
  globalThis.Function = new Proxy(original, {
    construct: () => {
      throw new EvalError('Code generation from strings disallowed for this context');
    },
    apply: () => {
      throw new EvalError('Code generation from strings disallowed for this context');
    },
  });
  try {
    return fn();
  } finally {
    globalThis.Function = original;
  }
}

describe('rule functions generated at build time (virtual:rule-functions)', () => {
  it('come from the metadata on disk and hold every function the product and forward engines make', () => {
    expect(metadataVersion).toBe(metadataHash(projectRoot));
    const product = precompiledFunctions(buildFunctions);
    withoutEval(() => createEngine(metadata, { functions: product }));
    expect(product.missing).toBe(0);
    expect(product.found).toBeGreaterThan(150);
    const forward = precompiledFunctions(buildFunctions);
    withoutEval(() => createEngine({ files: areaFiles(metadata.files, 'forward') }, { functions: forward }));
    expect(forward).toMatchObject({ missing: 0 });
  });

  it('evaluate without eval exactly as closures and run-time code generation do', () => {
    // With the rules the build composed too (issue 31 item 7), as the browser starts its engine.
    const precompiled = withoutEval(() => createEngine(metadata, { now: () => NOW, functions: precompiledFunctions(buildFunctions), preparedRules: preparedRules.product }));
    const closures = createEngine(metadata, { now: () => NOW });
    const generated = createEngine(metadata, { now: () => NOW, codeGeneration: true });
    for (const doc of products) {
      for (const action of [undefined, 'save', 'approve']) {
        const vm = withoutEval(() => precompiled.evaluate(doc, { action, prev: doc }));
        const want = closures.evaluate(doc, { action, prev: doc });
        // As JSON: the view models are large, and their key order is the engine's.
        expect(JSON.stringify(vm)).toBe(JSON.stringify(want));
        expect(JSON.stringify(generated.evaluate(doc, { action, prev: doc }))).toBe(JSON.stringify(want));
      }
    }
  });

  it('a rule edited since the build runs as a closure; the others still come from the build', () => {
    const rules = structuredClone(metadata.files['rules/product/visibility.json']) as { rules: Array<{ id: string; when: unknown }> };
    const gate = rules.rules.find((r) => r.id === 'delivery_details.visible')!;
    // Another shape of logic (a changed constant alone reuses the function: constants are in its table).
    gate.when = { and: [{ '==': [{ var: 'delivery.delivery_method' }, 'us_mail'] }, { '!=': [{ var: 'product_name' }, 'No details'] }] };
    const edited: Metadata = { files: { ...metadata.files, 'rules/product/visibility.json': rules } };
    const functions = precompiledFunctions(buildFunctions);
    const engine = withoutEval(() => createEngine(edited, { now: () => NOW, functions }));
    expect(functions.missing).toBeGreaterThan(0);
    expect(functions.found).toBeGreaterThan(150);
    const doc = { media_channel: 1, audience: 1, delivery: { delivery_method: 3 } };
    expect(engine.evaluate(doc).blocks.delivery_details.visible).toBe(false);
    expect(engine.evaluate({ ...doc, delivery: { delivery_method: 1 } }).blocks.delivery_details.visible).toBe(true);
    expect(engine.evaluate({ ...doc, product_name: 'No details', delivery: { delivery_method: 1 } }).blocks.delivery_details.visible).toBe(false);
  });

  it('keys functions by their source: the build records what the engine asks for', () => {
    const recorded = recordingFunctions();
    createEngine(metadata, { functions: recorded });
    for (const [key, { params, body }] of recorded.sources) {
      expect(sourceKey(params, body)).toBe(key);
      expect(buildFunctions[key], key).toBeTypeOf('function');
    }
    expect(sourceKey(['a'], 'return 1')).not.toBe(sourceKey(['a'], 'return 2'));
    expect(sourceKey(['a', 'b'], 'x')).not.toBe(sourceKey(['a'], 'b\nx'));
  });
});
