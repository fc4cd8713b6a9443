import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleFunctionsModule } from '../codegen/ruleFunctionsModule';
import { createEngine, lintMetadata, precompiledFunctions } from '../src/engine';
import type { Engine, Metadata, PrecompiledFunctions } from '../src/engine';
import { applyRulesWithJsonLogicJs } from '../src/engine/reference/jsonLogicJsReference';
import { loadMetadataFromDir } from '../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../src/server/paths';
import type { Bench, BenchRow } from './BenchRow';
import { prepareJsonLogicEngine } from './jsonLogicEngineReference';

const NOW = '2024-06-01';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Median time of one call of `a` and of `b`, in ms, sampled alternately (so load on a shared
 * machine hits both alike) after a warm-up; each sample is a batch of calls. The third number is
 * the median of the per-sample ratios b/a: each ratio compares two batches run back to back, so a
 * burst of load from other processes moves both sides of it, where the ratio of two medians taken
 * over the whole window swings with it.
 */
export function timePairMs(a: () => void, b: () => void, samples = 200, batchA = 10, batchB = 1): [number, number, number] {
  // Warm-up long enough for the JIT to settle on both paths.
  for (let i = 0; i < 4000; i++) {
    a();
    if (i % (batchA * 4) === 0) b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  const ratios: number[] = [];
  for (let s = 0; s < samples; s++) {
    let t0 = performance.now();
    for (let i = 0; i < batchA; i++) a();
    ta.push((performance.now() - t0) / batchA);
    t0 = performance.now();
    for (let i = 0; i < batchB; i++) b();
    tb.push((performance.now() - t0) / batchB);
    ratios.push(tb[s] / ta[s]);
  }
  return [median(ta), median(tb), median(ratios)];
}

export function timeMs(fn: () => void, samples = 200, batch = 10): number {
  return timePairMs(fn, () => {}, samples, batch, 1)[0];
}

export interface EngineBenchInput {
  metadata?: Metadata;
  /** The product document; defaults to tests/fixtures/metadata-bench/full-product.json. */
  document?: unknown;
  action?: string;
  samples?: number;
}

/**
 * `evaluate` of a full product (every block its media channel allows visible) against the same
 * rules applied one by one with json-logic-js and json-logic-engine (the parts the action needs:
 * each rule's when, then valid/value where it holds, each option of an options filter, each item of
 * an item rule), on the same documents. No server needed.
 */
export async function benchEvaluate(input: EngineBenchInput = {}): Promise<BenchRow[]> {
  const metadata = input.metadata ?? loadMetadataFromDir(projectRoot);
  const doc = input.document ?? JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/metadata-bench/full-product.json'), 'utf8'));
  const action = input.action ?? 'approve';
  const samples = input.samples ?? 200;
  const t0 = performance.now();
  // reuseOptionLists off: every evaluation runs every options filter on every option, as the peers
  // do (otherwise the 64 equal copies below let each filter run once and reuse its list after).
  // codeGeneration as the server runs the engine (json-logic-engine's compiled mode generates code
  // too); the browser's closures, which its CSP requires, are measured beside it.
  const engine: Engine = createEngine(metadata, { now: () => NOW, reuseOptionLists: false, codeGeneration: true });
  const compileMs = performance.now() - t0;
  const opts = { action, prev: doc };

  const vm = engine.evaluate(doc, opts);
  const blocks = engine.model.blocks;
  const hidden = blocks.filter((b) => !vm.blocks[b.id].visible).map((b) => b.id);

  // Distinct copies of the document, so nothing can be reused by object identity between runs.
  const copies = Array.from({ length: 64 }, () => structuredClone(doc) as unknown);
  let next = 0;
  const evaluateCopy = () => {
    const d = copies[next++ & 63];
    engine.evaluate(d, { action, prev: d });
  };
  // The peers run on the same copies, each as the rules saw it (derived values applied) with the same
  // context ($now, $action, $prev, $options after the options rules).
  const inputs = copies.map((d) => engine.inputsOf(engine.evaluate(d, { action, prev: d }))!);
  let nextPeer = 0;
  const table = (r: { target: string }) => engine.model.fieldByPath.get(r.target)?.codeTable?.entries ?? [];
  const { data, ctx } = inputs[0];
  const applications = applyRulesWithJsonLogicJs(engine.rules, engine.ops, data, ctx, table);
  const runReference = () => {
    const { data, ctx } = inputs[nextPeer++ & 63];
    applyRulesWithJsonLogicJs(engine.rules, engine.ops, data, ctx, table);
  };
  const [evaluateMs, referenceMs, speedup] = timePairMs(evaluateCopy, runReference, samples);
  // The best peer, side by side in the same run: json-logic-engine's compiled mode.
  const runPeer = prepareJsonLogicEngine(engine.rules, engine.ops, table);
  const peerApplications = runPeer(data, ctx);
  const runPeerCopy = () => {
    const { data, ctx } = inputs[nextPeer++ & 63];
    runPeer(data, ctx);
  };
  const [evaluateMs2, peerMs, peerRatio] = timePairMs(evaluateCopy, runPeerCopy, samples);

  // The browser's engine: no eval (CSP), the rule functions the build generated (virtual:rule-functions,
  // loaded from the module's text as the browser loads it), against both peers on the same copies.
  const browserFunctions = precompiledFunctions(input.metadata ? {} : await buildRuleFunctions());
  const browserEngine: Engine = createEngine(metadata, { now: () => NOW, reuseOptionLists: false, functions: browserFunctions });
  // The editor evaluates as it edits with keepHiddenValues (productDocumentStore: hidden values are
  // dropped by the server's save, not in the browser), so the browser rows time that evaluation, and
  // the peers apply the rules to its inputs.
  const browserOpts = (d: unknown) => ({ action, prev: d, keepHiddenValues: true });
  let nextBrowser = 0;
  const evaluateBrowserCopy = () => {
    const d = copies[nextBrowser++ & 63];
    browserEngine.evaluate(d, browserOpts(d));
  };
  const browserInputs = copies.map((d) => browserEngine.inputsOf(browserEngine.evaluate(d, browserOpts(d)))!);
  let nextBrowserPeer = 0;
  const runBrowserReference = () => {
    const { data, ctx } = browserInputs[nextBrowserPeer++ & 63];
    applyRulesWithJsonLogicJs(engine.rules, engine.ops, data, ctx, table);
  };
  const runBrowserPeer = () => {
    const { data, ctx } = browserInputs[nextBrowserPeer++ & 63];
    runPeer(data, ctx);
  };
  const [browserMs, , browserSpeedup] = timePairMs(evaluateBrowserCopy, runBrowserReference, samples);
  const [browserMs2, peerMs2, browserPeerRatio] = timePairMs(evaluateBrowserCopy, runBrowserPeer, samples);
  const browserDetail = `${browserFunctions.found} functions from the build's module, ${browserFunctions.missing} as closures`;

  const edited = { ...(doc as Record<string, unknown>), product_name: 'Bench edit' };
  const incrementalMs = timeMs(() => engine.evaluateIncremental(vm, edited, ['product_name'], opts), samples);

  const t1 = performance.now();
  const problems = lintMetadata(metadata).length;
  const lintMs = performance.now() - t1;

  const detail = `${engine.rules.length} rules, ${engine.model.fields.length} fields, ${blocks.length - hidden.length}/${blocks.length} blocks visible` +
    (hidden.length ? ` (hidden by media channel: ${hidden.join(', ')})` : '') +
    (nativePush() ? '' : '; WARNING: Array.prototype.push is a polyfill in this process (figures not representative)');
  return [
    { figure: 'engine evaluate, full product (median)', value: round(evaluateMs, 4), unit: 'ms', budget: '< 1', pass: evaluateMs < 1, detail },
    {
      figure: 'engine evaluate vs json-logic-js apply, rule by rule', value: round(speedup, 1), unit: 'x', budget: '>= 20x', pass: speedup >= 20,
      detail: `json-logic-js ${round(referenceMs, 3)} ms for ${applications} applications; compiled ${round(evaluateMs, 4)} ms for the whole view model (server: code generation)`,
    },
    {
      figure: 'engine evaluate in the browser (no eval: build-time functions) vs json-logic-js', value: round(browserSpeedup, 1), unit: 'x', budget: '>= 18x', pass: browserSpeedup >= 18,
      detail: `${round(browserMs, 4)} ms for the whole view model as the editor evaluates it (hidden values kept); ${browserDetail}`,
    },
    {
      figure: 'engine evaluate in the browser vs json-logic-engine compiled (build)', value: round(browserPeerRatio, 2), unit: 'x', budget: '>= 1x', pass: browserPeerRatio >= 1,
      detail: `json-logic-engine ${round(peerMs2, 4)} ms; browser engine ${round(browserMs2, 4)} ms; ${browserDetail}`,
    },
    {
      figure: 'engine evaluate vs json-logic-engine compiled (build), rule by rule', value: round(peerRatio, 2), unit: 'x', budget: '>= 1x', pass: peerRatio >= 1,
      detail: `json-logic-engine ${round(peerMs, 4)} ms for ${peerApplications} applications; compiled ${round(evaluateMs2, 4)} ms for the whole view model`,
    },
    { figure: 'engine evaluateIncremental, unrelated edit (median)', value: round(incrementalMs, 4), unit: 'ms', budget: 'info', pass: true, detail: `${engine.lastRun.ruleIds.length} rules re-run` },
    { figure: 'engine compile (createEngine)', value: round(compileMs, 1), unit: 'ms', budget: 'info', pass: true },
    { figure: 'metadata lint (meta-schemas + cross-checks)', value: round(lintMs, 1), unit: 'ms', budget: 'info', pass: problems === 0, detail: `${problems} problem(s)` },
  ];
}

/** The module the client build generates (codegen/ruleFunctionsPlugin.ts), imported from its text as the browser would. */
async function buildRuleFunctions(): Promise<PrecompiledFunctions> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-rule-functions-'));
  try {
    const file = join(dir, 'rule-functions.mjs');
    writeFileSync(file, ruleFunctionsModule(projectRoot));
    return ((await import(pathToFileURL(file).href)) as { functions: PrecompiledFunctions }).functions;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** V8's own push (a polyfill such as core-js's, which pdf.js's legacy build installs, is several times slower). */
const nativePush = () => Function.prototype.toString.call(Array.prototype.push).includes('[native code]');

const round = (v: number, digits: number) => Number(v.toFixed(digits));

export const engineBench: Bench = {
  name: 'engine',
  run: () => benchEvaluate(),
};
