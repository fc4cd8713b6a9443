import type { BlockState, CodeEntry, CompiledRule, FieldState, RuleError, ViewModel } from '../types';
import { collectErrors, type ItemStates } from './collectErrors';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { allHold, anyHolds, labelFrom, requiredFor } from './ruleResults';

const NO_ERRORS: RuleError[] = Object.freeze([]) as unknown as RuleError[];

/** The same error objects in the same order (collectErrors hands out an unchanged error as the same object). */
function sameErrors(a: RuleError[], b: RuleError[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

export type ViewModelParts = Pick<ViewModel, 'blocks' | 'fields' | 'visible' | 'errors' | 'warnings'>;

export interface ViewModelPhase {
  run(p: EvaluationPass): ViewModelParts;
  /** Per field, after run: 1 when it is shown (its block and its visible rules). Read by the hidden policy. */
  readonly fieldVisible: Uint8Array;
}

/**
 * Phase 4, the view model, from the rule results alone (no logic runs here): block and field states,
 * one state per array item for item rules, and the action's errors. States equal to the previous
 * evaluation's are reused (renderers compare by identity), and so are the records holding them.
 */
export function createViewModelPhase(t: EngineTables, fieldOptions: ReadonlyArray<CodeEntry[] | undefined>): ViewModelPhase {
  const { blocks, fields, blockParent, fieldBlock, blockRules, fieldRules, itemGroups, ruleless } = t;
  const blockVisible = new Uint8Array(blocks.length);
  const blockReadonly = new Uint8Array(blocks.length);
  const fieldVisible = new Uint8Array(fields.length);
  // A field no rule targets has one of four states (block visible x block read-only) while it
  // has no error: made once, then shared.
  const steadyStates: Array<Array<FieldState | undefined>> = fields.map(() => []);
  const lastBlockStates: Array<BlockState | undefined> = [];
  const lastFieldStates: Array<FieldState | undefined> = [];
  // The records themselves are reused too when every state in them is: building a record of
  // hundreds of path keys costs more than computing the states.
  let lastBlockRecord: Record<string, BlockState> | null = null;
  let lastFieldRecord: Record<string, FieldState> | null = null;
  // Item fields, per item group then item index (arrays refilled each run, never reallocated).
  const itemStates: ItemStates = { count: itemGroups.map(() => 0), visible: itemGroups.map(() => []), label: itemGroups.map(() => []) };
  const itemRequired: boolean[][] = itemGroups.map(() => []);
  const itemReadonly: boolean[][] = itemGroups.map(() => []);
  // Per group, the states of the last evaluation by item index, and how many there were.
  const lastItemStates: FieldState[][] = itemGroups.map(() => []);
  const lastItemCount: number[] = itemGroups.map(() => 0);
  // Fields without rules grouped by block (-1: none), and each group's block state when all its fields last got steady states (-1: not so).
  const rulelessGroups: Array<{ block: number; fields: number[] }> = [];
  const groupOf = new Map<number, number[]>();
  const ruledFields: number[] = [];
  for (let i = 0; i < fields.length; i++) {
    if (!ruleless[i]) {
      ruledFields.push(i);
      continue;
    }
    let members = groupOf.get(fieldBlock[i]);
    if (!members) {
      groupOf.set(fieldBlock[i], (members = []));
      rulelessGroups.push({ block: fieldBlock[i], fields: members });
    }
    members.push(i);
  }
  const groupSlot = new Int8Array(rulelessGroups.length).fill(-1);
  // A field's errors make its group walk again; only groups holding one.
  const rulelessGroupOf = new Map<string, number>();
  rulelessGroups.forEach(({ fields: members }, g) => members.forEach((i) => rulelessGroupOf.set(fields[i].path, g)));
  const groupHasErrors = new Uint8Array(rulelessGroups.length);
  // Per field, 1 when some check can report an error at its path: the others need no lookup in the errors by path.
  const errorPaths = errorPathsOf(t);
  const itemRules = t.checks.flatMap(({ rule }) => (rule.targetType === 'item' ? [rule] : []));
  const mayErr = Uint8Array.from(fields, (f) => (errorPaths.has(f.path) || itemPathLike(itemRules, f.segs) ? 1 : 0));
  // A field is shown when its block is and its visible rules hold: the fields having such rules, and
  // the rules' result positions (flat, field k's from visibleStart[k]), so the per-field pass over
  // every field reads typed arrays only, not each rule's index through a megamorphic load.
  const fieldBlockOf = Int32Array.from(fieldBlock);
  const visibleFields: number[] = [];
  const visibleStart: number[] = [0];
  const visibleResults: number[] = [];
  for (let i = 0; i < fields.length; i++) {
    const rules = fieldRules[i]?.visible ?? [];
    if (!rules.length) continue;
    visibleFields.push(i);
    for (const r of rules) visibleResults.push(r.index);
    visibleStart.push(visibleResults.length);
  }

  /** Field i's state (the last one again when equal); false when it is a new object. Made once per engine, not per evaluation. */
  function fieldState(i: number, results: unknown[], fieldErrors: Map<string, RuleError[]> | null, forAction: Uint8Array | null): boolean {
    const f = fields[i];
    const fr = fieldRules[i];
    const visible = fieldVisible[i] === 1;
    const errs = fieldErrors !== null && mayErr[i] === 1 ? (fieldErrors.get(f.path) ?? NO_ERRORS) : NO_ERRORS;
    if (ruleless[i] && errs === NO_ERRORS) {
      const b = fieldBlock[i];
      const slot = (visible ? 2 : 0) + (b >= 0 && blockReadonly[b] === 1 ? 1 : 0);
      const steady = (steadyStates[i][slot] ??= f.codeTable
        ? { visible, required: false, readonly: slot % 2 === 1, label: f.title, options: f.codeTable.entries, errors: NO_ERRORS }
        : { visible, required: false, readonly: slot % 2 === 1, label: f.title, errors: NO_ERRORS });
      const reused = steady === lastFieldStates[i];
      lastFieldStates[i] = steady;
      return reused;
    }
    const required = visible && !!fr && requiredFor(results, fr.required, -1, forAction);
    const readonly = (fieldBlock[i] >= 0 && blockReadonly[fieldBlock[i]] === 1) || (!!fr && anyHolds(results, fr.readonly, -1));
    const label = fr ? labelFrom(results, fr.label, -1, f.title) : f.title;
    const optionList = fr?.options.length ? fieldOptions[i] : f.codeTable?.entries;
    const old = lastFieldStates[i];
    const state =
      old && sameErrors(old.errors, errs) && old.visible === visible && old.required === required &&
      old.readonly === readonly && old.label === label && old.options === optionList
        ? old
        : optionList ? { visible, required, readonly, label, options: optionList, errors: errs } : { visible, required, readonly, label, errors: errs };
    lastFieldStates[i] = state;
    return state === old;
  }

  function run(p: EvaluationPass): ViewModelParts {
    const { results, working } = p;
    const forAction = p.masks?.required ?? null;
    let blocksReused = true;
    const visibleIds: string[] = [];
    for (let b = 0; b < blocks.length; b++) {
      const parent = blockParent[b];
      const br = blockRules[b];
      const visible = (parent < 0 || blockVisible[parent] === 1) && (!br || allHold(results, br.visible, -1));
      const readonly = (parent >= 0 && blockReadonly[parent] === 1) || (!!br && anyHolds(results, br.readonly, -1));
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
    for (let i = 0; i < fieldVisible.length; i++) {
      const b = fieldBlockOf[i];
      fieldVisible[i] = b < 0 ? 1 : blockVisible[b];
    }
    for (let k = 0; k < visibleFields.length; k++) {
      const i = visibleFields[k];
      if (fieldVisible[i] === 0) continue;
      for (let j = visibleStart[k]; j < visibleStart[k + 1]; j++) {
        if (results[visibleResults[j]] !== true) {
          fieldVisible[i] = 0;
          break;
        }
      }
    }

    // Item fields (one state per array item).
    let itemCount = 0;
    let lastCount = 0;
    for (let gi = 0; gi < itemGroups.length; gi++) {
      const g = itemGroups[gi];
      lastCount += lastItemCount[gi];
      const list = g.readArray(working);
      const n = Array.isArray(list) ? list.length : 0;
      itemStates.count[gi] = n;
      itemCount += n;
      if (n === 0) continue;
      const ownerVisible = g.owner >= 0 ? fieldVisible[g.owner] === 1 : g.block < 0 || blockVisible[g.block] === 1;
      const vis = itemStates.visible[gi];
      const req = itemRequired[gi];
      const ro = itemReadonly[gi];
      const lab = itemStates.label[gi];
      for (let i = 0; i < n; i++) {
        g.paths[i] ??= [...g.arraySegs, String(i), ...g.fieldSegs].join('.');
        const visible = ownerVisible && allHold(results, g.visible, i);
        vis[i] = visible;
        req[i] = visible && requiredFor(results, g.required, i, forAction);
        ro[i] = anyHolds(results, g.readonly, i);
        lab[i] = labelFrom(results, g.label, i, g.title);
      }
    }

    const { errors, warnings, byField: fieldErrors } = collectErrors(t, p, { blockVisible, fieldVisible, blockStates, itemStates });

    let fieldsReused = itemCount === lastCount;
    // Fields no rule targets, by block: while their block's state (shown, read-only) is the one of the
    // last evaluation and no field has an error, each keeps its shared steady state: skipped.
    groupHasErrors.fill(0);
    if (fieldErrors !== null) {
      for (const path of fieldErrors.keys()) {
        const g = rulelessGroupOf.get(path);
        if (g !== undefined) groupHasErrors[g] = 1;
      }
    }
    for (let g = 0; g < rulelessGroups.length; g++) {
      const { block: b, fields: members } = rulelessGroups[g];
      const slot = b < 0 ? 2 : (blockVisible[b] === 1 ? 2 : 0) + (blockReadonly[b] === 1 ? 1 : 0);
      if (groupHasErrors[g] === 0 && groupSlot[g] === slot) continue;
      for (let k = 0; k < members.length; k++) if (!fieldState(members[k], results, fieldErrors, forAction)) fieldsReused = false;
      groupSlot[g] = groupHasErrors[g] === 0 ? slot : -1;
    }
    for (let k = 0; k < ruledFields.length; k++) if (!fieldState(ruledFields[k], results, fieldErrors, forAction)) fieldsReused = false;
    for (let gi = 0; gi < itemGroups.length; gi++) {
      const n = itemStates.count[gi];
      const last = lastItemStates[gi];
      // States of items past the last evaluation's count are not reused (their paths were not there).
      const reusable = lastItemCount[gi];
      const paths = itemGroups[gi].paths;
      const vis = itemStates.visible[gi];
      const req = itemRequired[gi];
      const ro = itemReadonly[gi];
      const lab = itemStates.label[gi];
      for (let i = 0; i < n; i++) {
        const errs = fieldErrors?.get(paths[i]) ?? NO_ERRORS;
        const old = i < reusable ? last[i] : undefined;
        const state =
          old && sameErrors(old.errors, errs) && old.visible === vis[i] && old.required === req[i] &&
          old.readonly === ro[i] && old.label === lab[i]
            ? old
            : { visible: vis[i], required: req[i], readonly: ro[i], label: lab[i], errors: errs };
        if (state !== old) fieldsReused = false;
        last[i] = state;
      }
      lastItemCount[gi] = n;
    }
    let fieldStates = lastFieldRecord;
    if (!fieldsReused || !fieldStates) {
      fieldStates = {};
      for (let i = 0; i < fields.length; i++) fieldStates[fields[i].path] = lastFieldStates[i]!;
      for (let gi = 0; gi < itemGroups.length; gi++) {
        const paths = itemGroups[gi].paths;
        const states = lastItemStates[gi];
        for (let i = 0; i < lastItemCount[gi]; i++) fieldStates[paths[i]] = states[i];
      }
      lastFieldRecord = fieldStates;
    }
    return { blocks: blockStates, fields: fieldStates, visible: visibleIds, errors, warnings };
  }
  return { run, fieldVisible };
}

/** The paths a block or field check reports its errors at (its target). */
function errorPathsOf(t: EngineTables): Set<string> {
  return new Set(t.checks.filter((c) => c.rule.targetType !== 'item').map((c) => c.rule.target));
}

/** A field path an item check (of `itemRules`) could report at: its array, an item index (digits), its item field. */
function itemPathLike(itemRules: readonly CompiledRule[], segs: readonly string[]): boolean {
  return itemRules.some((r) => {
    const arr = r.itemArray!;
    const field = r.itemField!;
    if (segs.length !== arr.length + 1 + field.length || !/^\d+$/.test(segs[arr.length])) return false;
    return arr.every((s, k) => s === segs[k]) && field.every((s, k) => s === segs[arr.length + 1 + k]);
  });
}
