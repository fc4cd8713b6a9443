import { describeLogic } from '../explain/describeLogic';
import { explainTarget } from '../explain/explainTarget';
import { compileLogic } from '../logic/compileLogic';
import { runtimeFunctions } from '../logic/FunctionSource';
import { generatedReaders } from '../logic/lookupVar';
import { generatedCopiers } from '../model/generatedCopiers';
import { pathGetters } from '../model/generatedGetters';
import { templateCopiers } from '../model/templateCopiers';
import type { EvalContext } from '../logic/EvalContext';
import type { OpRegistry } from '../logic/OpRegistry';
import { buildModel } from '../model/buildModel';
import type { MetadataModel } from '../model/MetadataModel';
import { pathsOverlap, splitPath } from '../model/paths';
import { defaultOps } from '../ops/defaultOps';
import type { EvaluateOptions, Metadata, ViewModel } from '../types';
import { compileRules } from './compileRules';
import { runConditions } from './conditionsPhase';
import { deriveRulesFor, runDerive } from './derivePhase';
import type { Engine, EngineOptions } from './Engine';
import { actionMasksFor } from './actionMasks';
import { dirtyMask } from './dirtyRules';
import { buildEngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { RuleLog } from './RuleLog';
import { applyHiddenPolicy } from './hiddenPolicy';
import { createOptionsPhase } from './optionsPhase';
import { createViewModelPhase, type ViewModelParts } from './viewModelPhase';

/** What an evaluation keeps so the next incremental one (and explain) can reuse it. */
interface RunState {
  results: unknown[];
  action: string | null;
  now: string;
  keepHiddenValues: boolean;
  vm: ViewModel;
  /** The document the rules saw (derived values applied, hidden values emptied unless kept) and their context. */
  data: unknown;
  ctx: EvalContext;
}

/** Emptying hidden values can hide more blocks: rounds of the rules reading them, at most this many. */
const MAX_DROP_ROUNDS = 10;

/** Two results of a rule equal: the same boolean or list, or item results (boolean per item) equal item by item. */
function sameResult(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  return true;
}

/**
 * Builds an engine from loaded metadata: composes the model, compiles every rule once and
 * precomputes the tables the phases share. An evaluation runs the phases in order: derive, options,
 * conditions, view model; then, unless hidden values are kept, the hidden policy and the phases
 * again for the rules reading what it emptied.
 */
export function createEngine(metadata: Metadata | MetadataModel, options: EngineOptions = {}): Engine {
  const model: MetadataModel = 'files' in metadata ? buildModel(metadata, options.preparedRules) : metadata;
  const ops: OpRegistry = options.ops ?? defaultOps();
  const now = options.now ?? (() => new Date().toISOString().slice(0, 10));
  // Generated code: made at run time where allowed, else by the given source (the build's module).
  const functions = options.codeGeneration ? runtimeFunctions : options.functions;
  const readers = functions ? generatedReaders(functions) : undefined;
  const rules = compileRules(model, ops, readers);
  // Document copies per object shape met while evaluating: generated where code generation is allowed, else from templates.
  const getters = pathGetters(functions);
  const tables = options.codeGeneration
    ? buildEngineTables(model, rules, generatedCopiers(), getters)
    : buildEngineTables(model, rules, templateCopiers(), getters, pathGetters());
  const optionsPhase = createOptionsPhase(tables, options.reuseOptionLists ?? true);
  const viewModelPhase = createViewModelPhase(tables, optionsPhase.fieldOptions);

  // Each view model carries its run state under this engine's own symbol, as a non-enumerable
  // property: invisible to JSON, spreads, Object.keys and equality checks, and another engine's view
  // models have none. A WeakMap did the same, but every entry is an ephemeron the garbage collector
  // must trace, one per evaluation.
  const stateKey = Symbol('engine run state');
  const stateOf = (vm: ViewModel): RunState | undefined => (vm as unknown as Record<symbol, RunState | undefined>)[stateKey];
  // What the last evaluate / evaluateIncremental ran; derive() logs apart (it never changed lastRun).
  const runLog = new RuleLog();
  const deriveLog = new RuleLog();
  const lastRun = {
    get ruleIds(): string[] {
      return runLog.ids();
    },
  };
  const deriveMasks = new Map<string, Uint8Array | null>();
  // The dirty mask of the pass under way (evaluations never nest).
  const dirtyScratch = new Uint8Array(rules.length);
  // A drop round's dirty rules and their results before it (only those can answer differently).
  const roundRules = new Int32Array(rules.length);
  const roundResults: unknown[] = new Array<unknown>(rules.length).fill(undefined);

  function runRules(p: EvaluationPass): void {
    runDerive(tables, p);
    optionsPhase.run(p);
    runConditions(tables, p);
  }

  // The view model whose states the view model phase holds now (its visibility arrays, which the
  // hidden policy reads): an edit that changes none of its inputs can then keep that view model.
  let phaseVm: ViewModel | null = null;
  const fieldIndex = new Map(tables.fields.map((f, i) => [f.path, i]));
  // Per changed path: whether the view model reads it without an action (item lists: their states are per item).
  const readsItems = new Map<string, boolean>();
  const touchesItems = (segs: string[]) => {
    const key = segs.join('.');
    let v = readsItems.get(key);
    if (v === undefined) readsItems.set(key, (v = tables.itemGroups.some((g) => pathsOverlap(g.arraySegs, segs))));
    return v;
  };

  /**
   * An incremental edit leaves the view model as it was when no rule answers differently, derive
   * wrote nothing, and the view model reads none of the changed paths: without an action it reads
   * the document only for item lists (errors are an action's). Most keystrokes end here.
   */
  function viewUnchanged(p: EvaluationPass, doc: unknown, prev: RunState): boolean {
    if (p.action !== null || phaseVm !== prev.vm || p.working !== doc || !p.changed) return false;
    for (const segs of p.changed) if (touchesItems(segs)) return false;
    const a = prev.results;
    const b = p.results;
    for (let i = 0; i < b.length; i++) if (a[i] !== b[i] && !sameResult(a[i], b[i])) return false;
    return true;
  }

  /** After an unchanged view: the hidden policy has nothing to empty when every edited path is a field shown or not `clear`. */
  function editsKeepPolicy(p: EvaluationPass): boolean {
    const shown = viewModelPhase.fieldVisible;
    for (const segs of p.changed!) {
      const i = fieldIndex.get(segs.join('.'));
      if (i === undefined || (shown[i] === 0 && tables.fields[i].hidden === 'clear')) return false;
    }
    return true;
  }

  const partsOf = (vm: ViewModel): ViewModelParts => ({ blocks: vm.blocks, fields: vm.fields, visible: vm.visible, errors: vm.errors, warnings: vm.warnings });

  function pass(doc: unknown, opts: EvaluateOptions, prevState: RunState | null, changedPaths: string[] | null, log: RuleLog): EvaluationPass {
    const action = opts.action ?? null;
    // rev from the start: the rule functions then see one context shape, not a second once derive bumps it.
    const ctx: EvalContext = { now: now(), action, prev: opts.prev ?? null, optionIds: Object.create(tables.staticOptionIds) as Record<string, unknown[]>, doc, rev: 0 };
    const changed = prevState && changedPaths ? changedPaths.map(splitPath) : null;
    log.reset();
    return {
      action,
      masks: action ? actionMasksFor(tables, tables.actionMasks, action) : null,
      ctx,
      results: prevState ? prevState.results.slice() : new Array(rules.length),
      changed,
      dirty: changed ? dirtyMask(tables.dirtyIndex, changed, false, dirtyScratch) : null,
      samePrev: false,
      ran: log,
      working: doc,
      ownedRoot: null,
      derived: {},
      dropped: [],
    };
  }

  function run(doc: unknown, opts: EvaluateOptions, prevState: RunState | null, changedPaths: string[] | null): ViewModel {
    const p = pass(doc, opts, prevState, changedPaths, runLog);
    const { action, ctx } = p;
    const keepHiddenValues = opts.keepHiddenValues === true;
    runRules(p);
    const unchanged = prevState !== null && viewUnchanged(p, doc, prevState);
    let parts = unchanged ? partsOf(prevState.vm) : viewModelPhase.run(p);
    // A save empties hidden `clear` values, then runs again the rules reading them (which may hide
    // more): the view model, and the results the next incremental evaluation starts from, are those
    // of the document as stored. The previous evaluation emptied them already when nothing else changed.
    const policyDone = unchanged && editsKeepPolicy(p);
    for (let round = 0; !keepHiddenValues && !policyDone && round < MAX_DROP_ROUNDS; round++) {
      const emptied = applyHiddenPolicy(tables, viewModelPhase.fieldVisible, p);
      if (!emptied.emptied.length) break;
      const working = p.working;
      p.changed = emptied.emptied;
      p.samePrev = true;
      const dirty = (p.dirty = dirtyMask(tables.dirtyIndex, emptied.emptied, true, dirtyScratch));
      // Only the rules dirty now run again unless derive writes (which the test below sees first).
      let n = 0;
      for (let i = 0; i < dirty.length; i++) {
        if (dirty[i] === 0) continue;
        roundRules[n] = i;
        roundResults[n++] = p.results[i];
      }
      runRules(p);
      // No rule answers differently and the view model reads none of the values: it stays as it is.
      let same = !emptied.viewReads && p.working === working;
      for (let k = 0; k < n; k++) {
        if (same && !sameResult(roundResults[k], p.results[roundRules[k]])) same = false;
        roundResults[k] = undefined;
      }
      if (same) break;
      parts = viewModelPhase.run(p);
    }

    const vm: ViewModel = { blocks: parts.blocks, fields: parts.fields, visible: parts.visible, errors: parts.errors, warnings: parts.warnings, derived: p.derived, dropped: p.dropped, document: p.working };
    phaseVm = vm;
    Object.defineProperty(vm, stateKey, { value: { results: p.results, action, now: ctx.now, keepHiddenValues, vm, data: p.working, ctx } satisfies RunState });
    return vm;
  }

  const engine: Engine = {
    model,
    ops,
    rules,
    lastRun,
    evaluate: (doc, opts = {}) => run(doc, opts, null, null),
    evaluateIncremental(prev, doc, changedPaths, opts = {}) {
      const state = prev && typeof prev === 'object' ? stateOf(prev) : undefined;
      if (!state || state.action !== (opts.action ?? null) || state.now !== now() || state.keepHiddenValues !== (opts.keepHiddenValues === true)) return run(doc, opts, null, null);
      return run(doc, opts, state, changedPaths);
    },
    explain: (doc, target, opts = {}) => explainTarget(engine, doc, target, opts),
    derive(doc, opts = {}, reading) {
      const p = pass(doc, opts, null, null, deriveLog);
      let only: Uint8Array | null = null;
      if (reading) {
        const key = JSON.stringify(reading);
        if (!deriveMasks.has(key)) deriveMasks.set(key, deriveRulesFor(tables.deriveRules, reading));
        only = deriveMasks.get(key)!;
      }
      if (!only || only.includes(1)) runDerive(tables, p, only);
      return { data: p.working, ctx: p.ctx };
    },
    describe: (logic) => describeLogic(logic, model, { ops }),
    compile: (logic) => compileLogic(logic, ops, false, { readers }),
    inputsOf(vm) {
      const s = vm && typeof vm === 'object' ? stateOf(vm) : undefined;
      return s ? { data: s.data, ctx: s.ctx } : undefined;
    },
  };
  return engine;
}
