import { describeLogic } from '../explain/describeLogic';
import { explainTarget } from '../explain/explainTarget';
import { compileLogic } from '../logic/compileLogic';
import type { EvalContext } from '../logic/EvalContext';
import type { OpRegistry } from '../logic/OpRegistry';
import { truthy } from '../logic/truthy';
import { buildModel } from '../model/buildModel';
import { deepEqual } from '../model/deepEqual';
import type { MetadataModel } from '../model/MetadataModel';
import { getIn, pathsOverlap, setIn, splitPath } from '../model/paths';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import { defaultOps } from '../ops/defaultOps';
import { isEmptyValue } from '../ops/listOps';
import type { BlockState, CodeEntry, CompiledRule, EvaluateOptions, FieldState, HiddenPolicy, Metadata, RuleError, ViewModel } from '../types';
import { compileRules } from './compileRules';
import type { Engine, EngineOptions } from './Engine';
import { fillMessage } from './fillMessage';
import { messageFormat } from './messageFormat';

const MAX_DERIVE_PASSES = 10;
const NO_ERRORS: RuleError[] = Object.freeze([]) as unknown as RuleError[];

interface TargetRules {
  visible: CompiledRule[];
  readonly: CompiledRule[];
  label: CompiledRule[];
  required: CompiledRule[];
  options: CompiledRule[];
}

/** An item-field pattern (`promotion.promotions.*.buy_x`) and its rules. */
interface ItemGroup extends TargetRules {
  arraySegs: string[];
  fieldSegs: string[];
  /** Index of the array field in model.fields, or -1. */
  owner: number;
  block: number;
  title: string;
  hidden: HiddenPolicy;
  /** Concrete paths per item index, built once. */
  paths: string[];
}

/** A required or validate rule with its target located once. */
interface Check {
  rule: CompiledRule;
  field: number;
  block: number;
}

/** What an evaluation keeps so the next incremental one (and explain) can reuse it. */
interface RunState {
  results: unknown[];
  action: string | null;
  now: string;
  vm: ViewModel;
  /** The document the rules saw (derived values applied, hidden values not yet cleared) and their context. */
  data: unknown;
  ctx: EvalContext;
}

const emptyTargetRules = (): TargetRules => ({ visible: [], readonly: [], label: [], required: [], options: [] });

// Rule results are `true`/`false` for targets, or one boolean per item for item rules.
function allHold(results: unknown[], list: CompiledRule[], item: number): boolean {
  for (let k = 0; k < list.length; k++) {
    const v = results[list[k].index];
    if ((item < 0 ? v : (v as boolean[])[item]) !== true) return false;
  }
  return true;
}

function anyHolds(results: unknown[], list: CompiledRule[], item: number): boolean {
  for (let k = 0; k < list.length; k++) {
    const v = results[list[k].index];
    if ((item < 0 ? v : (v as boolean[])[item]) === true) return true;
  }
  return false;
}

function requiredFor(results: unknown[], list: CompiledRule[], item: number, action: string | null): boolean {
  for (let k = 0; k < list.length; k++) {
    const r = list[k];
    const v = results[r.index];
    if ((item < 0 ? v : (v as boolean[])[item]) === true && (!action || !!r.actions?.includes(action))) return true;
  }
  return false;
}

function labelFrom(results: unknown[], list: CompiledRule[], item: number, fallback: string): string {
  let label = fallback;
  for (let k = 0; k < list.length; k++) {
    const r = list[k];
    const v = results[r.index];
    if ((item < 0 ? v : (v as boolean[])[item]) === true && r.label) label = r.label;
  }
  return label;
}

function fails(r: CompiledRule, data: unknown, ctx: EvalContext): boolean {
  if (r.whenFn && !truthy(r.whenFn(data, ctx))) return false;
  return r.validFn ? !truthy(r.validFn(data, ctx)) : false;
}

function sameEntries(a: CodeEntry[] | undefined, b: CodeEntry[]): a is CodeEntry[] {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function isDirty(r: CompiledRule, changed: string[][] | null): boolean {
  if (!changed || r.deps === null) return true;
  for (const d of r.deps) for (const c of changed) if (pathsOverlap(d, c)) return true;
  return false;
}

/** Builds an engine from loaded metadata: composes the model and compiles every rule once. */
export function createEngine(metadata: Metadata | MetadataModel, options: EngineOptions = {}): Engine {
  const model: MetadataModel = 'files' in metadata ? buildModel(metadata) : metadata;
  const ops: OpRegistry = options.ops ?? defaultOps();
  const now = options.now ?? (() => new Date().toISOString().slice(0, 10));
  const rules = compileRules(model, ops);

  // Everything evaluation needs is precomputed into arrays indexed like model.blocks / model.fields.
  const blocks = model.blocks;
  const fields = model.fields;
  const blockIndex = new Map(blocks.map((b, i) => [b.id, i]));
  const fieldIndex = new Map(fields.map((f, i) => [f.path, i]));
  const blockParent = blocks.map((b) => (b.parent ? (blockIndex.get(b.parent) ?? -1) : -1));
  const fieldBlock = fields.map((f) => blockIndex.get(f.block) ?? -1);
  const blockRules: Array<TargetRules | undefined> = blocks.map(() => undefined);
  const fieldRules: Array<TargetRules | undefined> = fields.map(() => undefined);
  const groups = new Map<string, ItemGroup>();
  for (const r of rules) {
    if (r.kind === 'derive' || r.kind === 'validate') continue;
    const list = r.kind as keyof TargetRules;
    if (r.targetType === 'block') {
      const b = blockIndex.get(r.target)!;
      (blockRules[b] ??= emptyTargetRules())[list].push(r);
    } else if (r.targetType === 'field') {
      const f = fieldIndex.get(r.target);
      if (f !== undefined) (fieldRules[f] ??= emptyTargetRules())[list].push(r);
    } else {
      if (!groups.has(r.target)) groups.set(r.target, newItemGroup(r, model, fieldIndex, blockIndex));
      groups.get(r.target)![list].push(r);
    }
  }
  const itemGroups = [...groups.values()];
  const deriveRules = rules.filter((r) => r.kind === 'derive');
  const optionRules = rules.filter((r) => r.kind === 'options');
  const whenRules = rules.filter((r) => r.kind === 'visible' || r.kind === 'readonly' || r.kind === 'label' || r.kind === 'required');
  const validateRules = rules.filter((r) => r.kind === 'validate');
  const checks: Check[] = rules
    .filter((r) => r.kind === 'required' || r.kind === 'validate')
    .map((rule) => ({ rule, field: rule.targetType === 'field' ? (fieldIndex.get(rule.target) ?? -1) : -1, block: rule.targetType === 'block' ? blockIndex.get(rule.target)! : -1 }));
  // A check on a path inside a field (promotion.promotions.0) follows that field's visibility.
  for (const c of checks) {
    if (c.field >= 0 || c.block >= 0 || c.rule.targetType === 'item') continue;
    for (let segs = c.rule.targetSegs.slice(0, -1); segs.length; segs = segs.slice(0, -1)) {
      const owner = fieldIndex.get(segs.join('.'));
      if (owner !== undefined) {
        c.field = owner;
        break;
      }
    }
  }
  const messageFormats = rules.map((r) => (r.kind === 'required' || r.kind === 'validate' ? messageFormat(r, model) : undefined));
  const optionEntries: CodeEntry[][] = rules.map((r) => (r.kind === 'options' ? (model.fieldByPath.get(r.target)?.codeTable?.entries ?? []) : []));
  // A field no rule targets has one of four states (block visible x block read-only) while it
  // has no error: made once, then shared.
  const ruleless = fields.map((_, i) => !fieldRules[i]);
  const steadyStates: Array<Array<FieldState | undefined>> = fields.map(() => []);
  const blockVisible = new Uint8Array(blocks.length);
  const blockReadonly = new Uint8Array(blocks.length);
  const fieldVisible = new Uint8Array(fields.length);
  const optionFields = fields.map((_, i) => i).filter((i) => fieldRules[i]?.options.length);
  const clearFields = fields.map((_, i) => i).filter((i) => fields[i].hidden === 'clear');
  const staticOptionIds: Record<string, unknown[]> = {};
  for (const f of fields) if (f.codeTable) staticOptionIds[f.path] = f.codeTable.entries.map((e) => e.const);

  // Results of the last evaluation, reused when equal so unchanged states keep their identity
  // (renderers skip them) and a steady document allocates little.
  const lastRuleOptions: Array<CodeEntry[] | undefined> = [];
  const lastOptionsKey: Array<unknown[] | null> = [];
  const lastFieldOptions: Array<CodeEntry[] | undefined> = [];
  const lastFieldOptionIds: unknown[][] = [];
  const lastBlockStates: Array<BlockState | undefined> = [];
  const lastFieldStates: Array<FieldState | undefined> = [];
  // The records themselves are reused too when every state in them is: building a record of
  // hundreds of path keys costs more than computing the states.
  let lastBlockRecord: Record<string, BlockState> | null = null;
  let lastFieldRecord: Record<string, FieldState> | null = null;
  let lastItemStates = new Map<string, FieldState>();

  const states = new WeakMap<ViewModel, RunState>();
  const lastRun = { ruleIds: [] as string[] };

  function run(doc: unknown, opts: EvaluateOptions, prevState: RunState | null, changedPaths: string[] | null): ViewModel {
    const action = opts.action ?? null;
    const ctx: EvalContext = { now: now(), action, prev: opts.prev ?? null, optionIds: Object.create(staticOptionIds) as Record<string, unknown[]>, doc };
    const results: unknown[] = prevState ? prevState.results.slice() : new Array(rules.length);
    const changed = prevState && changedPaths ? changedPaths.map(splitPath) : null;
    const ran: string[] = [];

    // 1. Derived values, in file order until stable. The document is copied only along changed paths.
    let working = doc;
    const derived: Record<string, unknown> = {};
    for (let pass = 0; pass < MAX_DERIVE_PASSES; pass++) {
      let changedThisPass = false;
      for (const r of deriveRules) {
        if (!isDirty(r, changed)) continue;
        ran.push(r.id);
        if (r.whenFn && !truthy(r.whenFn(working, ctx))) continue;
        let v = r.valueFn ? r.valueFn(working, ctx) : null;
        if (v === undefined) v = null;
        const cur = getIn(working, r.targetSegs);
        if ((cur === undefined && v === null) || deepEqual(cur, v)) continue;
        working = setIn(working, r.targetSegs, v);
        ctx.doc = working;
        derived[r.target] = v;
        changedThisPass = true;
        if (changed) changed.push(r.targetSegs);
      }
      if (!changedThisPass) break;
    }

    // 2. Option filters; their allowed ids become `$options.<field>` for the rules after them.
    const scratch = { option: null as unknown, doc: working };
    // Many filters read the same inputs (the sector chains): compare each pair of values once per run.
    const knownEqual = new Map<unknown, unknown>();
    const sameInput = (a: unknown, b: unknown): boolean => {
      if (a === b) return true;
      if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return deepEqual(a, b);
      if (knownEqual.get(a) === b) return true;
      const eq = deepEqual(a, b);
      if (eq) knownEqual.set(a, b);
      return eq;
    };
    for (const r of optionRules) {
      if (results[r.index] !== undefined && !isDirty(r, changed)) continue;
      ran.push(r.id);
      const entries = optionEntries[r.index];
      // Same inputs as last time (by value): same list, without running the filter per option.
      const keyPaths = r.optionsKey;
      if (keyPaths) {
        const last = lastOptionsKey[r.index];
        let same = !!last && !!lastRuleOptions[r.index] && last[0] === ctx.now && last[1] === action;
        for (let k = 0; same && k < keyPaths.length; k++) same = sameInput(last![k + 2], getIn(working, keyPaths[k]));
        if (same) {
          results[r.index] = lastRuleOptions[r.index];
          continue;
        }
        lastOptionsKey[r.index] = [ctx.now, action, ...keyPaths.map((p) => getIn(working, p))];
      }
      let kept = entries;
      if (r.filterFn) {
        kept = [];
        for (const e of entries) {
          scratch.option = e;
          if (truthy(r.filterFn(scratch, ctx))) kept.push(e);
        }
      }
      const last = lastRuleOptions[r.index];
      results[r.index] = lastRuleOptions[r.index] = sameEntries(last, kept) ? last : kept;
    }
    for (const i of optionFields) {
      const list = fieldRules[i]!.options;
      let kept = results[list[0].index] as CodeEntry[];
      for (let k = 1; k < list.length; k++) {
        const also = results[list[k].index] as CodeEntry[];
        kept = kept.filter((e) => also.includes(e));
      }
      const last = lastFieldOptions[i];
      if (!sameEntries(last, kept)) {
        lastFieldOptions[i] = kept;
        lastFieldOptionIds[i] = kept.map((e) => e.const);
      }
      ctx.optionIds[fields[i].path] = lastFieldOptionIds[i];
    }

    // 3. Conditions of visible / readonly / label / required rules, and validate failures.
    for (const r of whenRules) {
      if (results[r.index] !== undefined && !isDirty(r, changed)) continue;
      ran.push(r.id);
      if (r.targetType === 'item') {
        const list = getIn(working, r.itemArray!);
        const out: boolean[] = [];
        if (Array.isArray(list)) for (const item of list) out.push(r.whenFn ? truthy(r.whenFn(item, ctx)) : true);
        results[r.index] = out;
      } else {
        results[r.index] = r.whenFn ? truthy(r.whenFn(working, ctx)) : true;
      }
    }
    for (const r of validateRules) {
      if (!action || !r.actions?.includes(action)) {
        results[r.index] = false;
        continue;
      }
      // Incremental runs only happen for the same action, so a kept result is for this action.
      if (results[r.index] !== undefined && !isDirty(r, changed)) continue;
      ran.push(r.id);
      if (r.targetType === 'item') {
        const list = getIn(working, r.itemArray!);
        const out: boolean[] = [];
        if (Array.isArray(list)) for (const item of list) out.push(fails(r, item, ctx));
        results[r.index] = out;
      } else {
        results[r.index] = fails(r, working, ctx);
      }
    }

    // 4. Assemble the view model from the rule results (no logic runs here).
    let blocksReused = true;
    const visibleIds: string[] = [];
    for (let b = 0; b < blocks.length; b++) {
      const p = blockParent[b];
      const br = blockRules[b];
      const visible = (p < 0 || blockVisible[p] === 1) && (!br || allHold(results, br.visible, -1));
      const readonly = (p >= 0 && blockReadonly[p] === 1) || (!!br && anyHolds(results, br.readonly, -1));
      const label = br ? labelFrom(results, br.label, -1, blocks[b].title) : blocks[b].title;
      const old = lastBlockStates[b];
      const state = old && old.visible === visible && old.readonly === readonly && old.label === label ? old : { visible, readonly, label };
      if (state !== old) blocksReused = false;
      lastBlockStates[b] = state;
      blockVisible[b] = visible ? 1 : 0;
      blockReadonly[b] = readonly ? 1 : 0;
      if (visible) visibleIds.push(blocks[b].id);
    }
    let blockStates = lastBlockRecord;
    if (!blocksReused || !blockStates) {
      blockStates = {};
      for (let b = 0; b < blocks.length; b++) blockStates[blocks[b].id] = lastBlockStates[b]!;
      lastBlockRecord = blockStates;
    }
    for (let i = 0; i < fields.length; i++) {
      const b = fieldBlock[i];
      const fr = fieldRules[i];
      fieldVisible[i] = (b < 0 || blockVisible[b] === 1) && (!fr || allHold(results, fr.visible, -1)) ? 1 : 0;
    }

    // Item fields (one state per array item).
    const itemStates = new Map<string, Omit<FieldState, 'errors'> & { hidden: HiddenPolicy }>();
    for (const g of itemGroups) {
      const list = getIn(working, g.arraySegs);
      if (!Array.isArray(list)) continue;
      const ownerVisible = g.owner >= 0 ? fieldVisible[g.owner] === 1 : g.block < 0 || blockVisible[g.block] === 1;
      for (let i = 0; i < list.length; i++) {
        const path = (g.paths[i] ??= [...g.arraySegs, String(i), ...g.fieldSegs].join('.'));
        const visible = ownerVisible && allHold(results, g.visible, i);
        itemStates.set(path, {
          visible,
          required: visible && requiredFor(results, g.required, i, action),
          readonly: anyHolds(results, g.readonly, i),
          label: labelFrom(results, g.label, i, g.title),
          hidden: g.hidden,
        });
      }
    }

    // Errors in rule file order: required fields that are empty, validate rules that fail.
    const errors: RuleError[] = [];
    const warnings: RuleError[] = [];
    let fieldErrors: Map<string, RuleError[]> | null = null;
    const emit = (r: CompiledRule, path: string, label: string, item?: unknown) => {
      const e: RuleError = { rule: r.id, field: path, message: fillMessage(r.message ?? label, working, { now: ctx.now, action, item, format: messageFormats[r.index] }) };
      if (r.severity === 'warning') {
        warnings.push(e);
        return;
      }
      errors.push(e);
      fieldErrors ??= new Map();
      const list = fieldErrors.get(path);
      if (list) list.push(e);
      else fieldErrors.set(path, [e]);
    };
    if (action) {
      for (const c of checks) {
        const r = c.rule;
        if (!r.actions?.includes(action)) continue;
        if (r.targetType === 'item') {
          const res = results[r.index] as boolean[];
          if (!res.includes(true)) continue;
          const list = getIn(working, r.itemArray!) as unknown[];
          for (let i = 0; i < res.length; i++) {
            if (!res[i]) continue;
            const path = [...r.itemArray!, String(i), ...r.itemField!].join('.');
            const s = itemStates.get(path);
            if (s && !s.visible && s.hidden !== 'keep') continue;
            if (r.kind === 'required' && !isEmptyValue(getIn(list[i], r.itemField!))) continue;
            emit(r, path, s?.label ?? r.target, list[i]);
          }
          continue;
        }
        if (results[r.index] !== true) continue;
        if (c.block >= 0 && !blockVisible[c.block] && blocks[c.block].hidden !== 'keep') continue;
        if (c.field >= 0 && !fieldVisible[c.field] && fields[c.field].hidden !== 'keep') continue;
        if (r.kind === 'required' && !isEmptyValue(getIn(working, r.targetSegs))) continue;
        const f = c.field >= 0 && fields[c.field].path === r.target ? c.field : -1;
        const label = f >= 0 ? labelFrom(results, fieldRules[f]?.label ?? [], -1, fields[f].title) : c.block >= 0 ? blockStates[r.target].label : r.target;
        emit(r, r.target, label);
      }
    }

    let fieldsReused = itemStates.size === lastItemStates.size;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const fr = fieldRules[i];
      const visible = fieldVisible[i] === 1;
      if (ruleless[i] && !(fieldErrors as Map<string, RuleError[]> | null)?.has(f.path)) {
        const b = fieldBlock[i];
        const slot = (visible ? 2 : 0) + (b >= 0 && blockReadonly[b] === 1 ? 1 : 0);
        const steady = (steadyStates[i][slot] ??= f.codeTable
          ? { visible, required: false, readonly: slot % 2 === 1, label: f.title, options: f.codeTable.entries, errors: NO_ERRORS }
          : { visible, required: false, readonly: slot % 2 === 1, label: f.title, errors: NO_ERRORS });
        if (steady !== lastFieldStates[i]) fieldsReused = false;
        lastFieldStates[i] = steady;
        continue;
      }
      const required = visible && !!fr && requiredFor(results, fr.required, -1, action);
      const readonly = (fieldBlock[i] >= 0 && blockReadonly[fieldBlock[i]] === 1) || (!!fr && anyHolds(results, fr.readonly, -1));
      const label = fr ? labelFrom(results, fr.label, -1, f.title) : f.title;
      const optionList = fr?.options.length ? lastFieldOptions[i] : f.codeTable?.entries;
      const errs = (fieldErrors as Map<string, RuleError[]> | null)?.get(f.path) ?? NO_ERRORS;
      const old = lastFieldStates[i];
      const state =
        old && errs === NO_ERRORS && old.errors === NO_ERRORS && old.visible === visible && old.required === required &&
        old.readonly === readonly && old.label === label && old.options === optionList
          ? old
          : optionList ? { visible, required, readonly, label, options: optionList, errors: errs } : { visible, required, readonly, label, errors: errs };
      if (state !== old) fieldsReused = false;
      lastFieldStates[i] = state;
    }
    const itemFieldStates = new Map<string, FieldState>();
    for (const [path, s] of itemStates) {
      const errs = (fieldErrors as Map<string, RuleError[]> | null)?.get(path) ?? NO_ERRORS;
      const old = lastItemStates.get(path);
      const state =
        old && errs === NO_ERRORS && old.errors === NO_ERRORS && old.visible === s.visible && old.required === s.required &&
        old.readonly === s.readonly && old.label === s.label
          ? old
          : { visible: s.visible, required: s.required, readonly: s.readonly, label: s.label, errors: errs };
      if (state !== old) fieldsReused = false;
      itemFieldStates.set(path, state);
    }
    lastItemStates = itemFieldStates;
    let fieldStates = lastFieldRecord;
    if (!fieldsReused || !fieldStates) {
      fieldStates = {};
      for (let i = 0; i < fields.length; i++) fieldStates[fields[i].path] = lastFieldStates[i]!;
      for (const [path, state] of itemFieldStates) fieldStates[path] = state;
      lastFieldRecord = fieldStates;
    }

    // 5. Hidden-data policy, once: `clear` empties hidden fields (reported as derived nulls).
    const beforeClear = working;
    for (const i of clearFields) {
      if (fieldVisible[i]) continue;
      const f = fields[i];
      if (isEmptyValue(getIn(working, f.segs))) continue;
      derived[f.path] = null;
      working = setIn(working, f.segs, null);
    }

    const vm: ViewModel = { blocks: blockStates, fields: fieldStates, visible: visibleIds, errors, warnings, derived, document: working };
    states.set(vm, { results, action, now: ctx.now, vm, data: beforeClear, ctx });
    lastRun.ruleIds = ran;
    return vm;
  }

  const engine: Engine = {
    model,
    ops,
    rules,
    lastRun,
    evaluate: (doc, opts = {}) => run(doc, opts, null, null),
    evaluateIncremental(prev, doc, changedPaths, opts = {}) {
      const state = states.get(prev);
      if (!state || state.action !== (opts.action ?? null) || state.now !== now()) return run(doc, opts, null, null);
      return run(doc, opts, state, changedPaths);
    },
    explain: (doc, target, opts = {}) => explainTarget(engine, doc, target, opts),
    describe: (logic) => describeLogic(logic, model),
    compile: (logic) => compileLogic(logic, ops),
    inputsOf(vm) {
      const s = states.get(vm);
      return s ? { data: s.data, ctx: s.ctx } : undefined;
    },
  };
  return engine;
}

function newItemGroup(r: CompiledRule, model: MetadataModel, fieldIndex: Map<string, number>, blockIndex: Map<string, number>): ItemGroup {
  const ownerPath = r.itemArray!.join('.');
  const owner = model.fieldByPath.get(ownerPath);
  const schema = resolveSchemaPath(model.rootSchema, r.targetSegs, model);
  return {
    ...emptyTargetRules(),
    arraySegs: r.itemArray!,
    fieldSegs: r.itemField!,
    owner: fieldIndex.get(ownerPath) ?? -1,
    block: owner ? (blockIndex.get(owner.block) ?? -1) : -1,
    title: typeof schema?.title === 'string' ? schema.title : r.itemField!.join('.'),
    hidden: owner?.hidden ?? 'skip',
    paths: [],
  };
}
