import { getIn } from '../model/paths';
import type { BlockState, CodeEntry, FieldState, RuleError, ViewModel } from '../types';
import { collectErrors, type ItemState } from './collectErrors';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';
import { allHold, anyHolds, labelFrom, requiredFor } from './ruleResults';

const NO_ERRORS: RuleError[] = Object.freeze([]) as unknown as RuleError[];

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
  let lastItemStates = new Map<string, FieldState>();
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

  function run(p: EvaluationPass): ViewModelParts {
    const { results, working, action } = p;
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
    for (let i = 0; i < fields.length; i++) {
      const b = fieldBlock[i];
      const fr = fieldRules[i];
      fieldVisible[i] = (b < 0 || blockVisible[b] === 1) && (!fr || allHold(results, fr.visible, -1)) ? 1 : 0;
    }

    // Item fields (one state per array item).
    const itemStates = new Map<string, ItemState>();
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

    const { errors, warnings, byField: fieldErrors } = collectErrors(t, p, { blockVisible, fieldVisible, blockStates, itemStates });

    let fieldsReused = itemStates.size === lastItemStates.size;
    const fieldState = (i: number): void => {
      const f = fields[i];
      const fr = fieldRules[i];
      const visible = fieldVisible[i] === 1;
      if (ruleless[i] && !fieldErrors?.has(f.path)) {
        const b = fieldBlock[i];
        const slot = (visible ? 2 : 0) + (b >= 0 && blockReadonly[b] === 1 ? 1 : 0);
        const steady = (steadyStates[i][slot] ??= f.codeTable
          ? { visible, required: false, readonly: slot % 2 === 1, label: f.title, options: f.codeTable.entries, errors: NO_ERRORS }
          : { visible, required: false, readonly: slot % 2 === 1, label: f.title, errors: NO_ERRORS });
        if (steady !== lastFieldStates[i]) fieldsReused = false;
        lastFieldStates[i] = steady;
        return;
      }
      const required = visible && !!fr && requiredFor(results, fr.required, -1, action);
      const readonly = (fieldBlock[i] >= 0 && blockReadonly[fieldBlock[i]] === 1) || (!!fr && anyHolds(results, fr.readonly, -1));
      const label = fr ? labelFrom(results, fr.label, -1, f.title) : f.title;
      const optionList = fr?.options.length ? fieldOptions[i] : f.codeTable?.entries;
      const errs = fieldErrors?.get(f.path) ?? NO_ERRORS;
      const old = lastFieldStates[i];
      const state =
        old && errs === NO_ERRORS && old.errors === NO_ERRORS && old.visible === visible && old.required === required &&
        old.readonly === readonly && old.label === label && old.options === optionList
          ? old
          : optionList ? { visible, required, readonly, label, options: optionList, errors: errs } : { visible, required, readonly, label, errors: errs };
      if (state !== old) fieldsReused = false;
      lastFieldStates[i] = state;
    };
    // Fields no rule targets, by block: while their block's state (shown, read-only) is the one of the
    // last evaluation and no field has an error, each keeps its shared steady state: skipped.
    for (let g = 0; g < rulelessGroups.length; g++) {
      const { block: b, fields: members } = rulelessGroups[g];
      const slot = b < 0 ? 2 : (blockVisible[b] === 1 ? 2 : 0) + (blockReadonly[b] === 1 ? 1 : 0);
      if (fieldErrors === null && groupSlot[g] === slot) continue;
      for (let k = 0; k < members.length; k++) fieldState(members[k]);
      groupSlot[g] = fieldErrors === null ? slot : -1;
    }
    for (let k = 0; k < ruledFields.length; k++) fieldState(ruledFields[k]);
    const itemFieldStates = new Map<string, FieldState>();
    for (const [path, s] of itemStates) {
      const errs = fieldErrors?.get(path) ?? NO_ERRORS;
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
    return { blocks: blockStates, fields: fieldStates, visible: visibleIds, errors, warnings };
  }
  return { run, fieldVisible };
}
