import { truthy } from '../logic/truthy';
import { deepEqual } from '../model/deepEqual';
import { getIn } from '../model/paths';
import type { CodeEntry } from '../types';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';

function sameEntries(a: CodeEntry[] | undefined, b: CodeEntry[]): a is CodeEntry[] {
  if (a === b) return true;
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface OptionsPhase {
  run(p: EvaluationPass): void;
  /** Per field with options rules: the entries all its rules keep (the same array while unchanged). */
  readonly fieldOptions: Array<CodeEntry[] | undefined>;
}

/**
 * Phase 2, option filters: each options rule keeps the entries of its table its filter accepts; a
 * field's options are what all its rules keep, and their ids become `$options.<field>` for the
 * rules after them. Results are kept between evaluations and reused when equal, so an unchanged
 * list keeps its identity (renderers skip it); with `reuseLists`, a rule whose inputs equal last
 * evaluation's (by value) takes its last list without running the filter.
 */
export function createOptionsPhase(t: EngineTables, reuseLists = true): OptionsPhase {
  const lastRuleOptions: Array<CodeEntry[] | undefined> = [];
  const lastOptionsKey: Array<unknown[] | null> = [];
  const fieldOptions: Array<CodeEntry[] | undefined> = [];
  const fieldOptionIds: unknown[][] = [];
  // Per field with several options rules: the rules' lists its options were last intersected from.
  const fieldInputs: Array<Array<CodeEntry[] | undefined>> = [];
  const { fields, fieldRules, optionRules, optionEntries, optionFields } = t;
  // The rules as this phase reads them, one object shape for all (rules differ in their keys, so
  // reading them in the loop below went through megamorphic loads), and per field with options
  // rules its path and its rules' result positions.
  const slots = optionRules.map((r) => ({
    index: r.index,
    id: r.id,
    entries: optionEntries[r.index],
    filterFn: r.filterFn ?? null,
    filterIndex: r.filterIndex ?? null,
    keyPaths: reuseLists ? (r.optionsKey ?? null) : null,
  }));
  const fieldPaths = optionFields.map((i) => fields[i].path);
  const fieldResults = optionFields.map((i) => fieldRules[i]!.options.map((r) => r.index));

  // Many filters read the same inputs (the sector chains): compare each pair of values once per run
  // (cleared at the start of each; made once, not per run).
  const knownEqual = new Map<unknown, unknown>();
  const sameInput = (a: unknown, b: unknown): boolean => {
    if (a === b) return true;
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return deepEqual(a, b);
    if (knownEqual.get(a) === b) return true;
    const eq = deepEqual(a, b);
    if (eq) knownEqual.set(a, b);
    return eq;
  };
  const scratch = { option: null as unknown, doc: null as unknown };

  function run(p: EvaluationPass): void {
    const { ctx, results, dirty, ran, working, action } = p;
    scratch.doc = working;
    if (knownEqual.size) knownEqual.clear();
    for (let s = 0; s < slots.length; s++) {
      const r = slots[s];
      if (dirty !== null && dirty[r.index] === 0 && results[r.index] !== undefined) continue;
      ran.add(r.id);
      const entries = r.entries;
      // Same inputs as last time (by value): same list, without running the filter per option.
      const keyPaths = r.keyPaths;
      if (keyPaths) {
        const last = lastOptionsKey[r.index];
        let same = !!last && !!lastRuleOptions[r.index] && last[0] === ctx.now && last[1] === action;
        for (let k = 0; same && k < keyPaths.length; k++) same = sameInput(last![k + 2], getIn(working, keyPaths[k]));
        if (same) {
          results[r.index] = lastRuleOptions[r.index];
          continue;
        }
        lastOptionsKey[r.index] = [ctx.now, action, ...keyPaths.map((path) => getIn(working, path))];
      }
      let kept = entries;
      const filter = r.filterFn;
      const last = lastRuleOptions[r.index];
      if (filter !== null) {
        const indexed = r.filterIndex !== null ? r.filterIndex.keep(scratch, ctx, last) : undefined;
        if (indexed) kept = indexed;
        else {
          // Compared with the last list as the entries pass; a list is made only where they differ.
          let out: CodeEntry[] | null = null;
          let n = 0;
          for (let k = 0; k < entries.length; k++) {
            const e = entries[k];
            scratch.option = e;
            if (!truthy(filter(scratch, ctx))) continue;
            if (out !== null) out.push(e);
            else if (last !== undefined && n < last.length && last[n] === e) n++;
            else {
              out = last !== undefined ? last.slice(0, n) : [];
              out.push(e);
            }
          }
          kept = out ?? (last !== undefined && n === last.length ? last : last !== undefined ? last.slice(0, n) : []);
        }
      }
      results[r.index] = lastRuleOptions[r.index] = sameEntries(last, kept) ? last : kept;
    }
    scratch.doc = scratch.option = null;
    for (let f = 0; f < optionFields.length; f++) {
      const i = optionFields[f];
      const list = fieldResults[f];
      let kept = results[list[0]] as CodeEntry[];
      if (list.length > 1) {
        // The rules keep their lists' identity while unchanged: the same lists, the same intersection.
        const inputs = (fieldInputs[i] ??= []);
        let same = fieldOptions[i] !== undefined;
        for (let k = 0; k < list.length; k++) {
          if (inputs[k] !== results[list[k]]) same = false;
          inputs[k] = results[list[k]] as CodeEntry[];
        }
        if (same) kept = fieldOptions[i]!;
        else
          for (let k = 1; k < list.length; k++) {
            const also = results[list[k]] as CodeEntry[];
            kept = kept.filter((e) => also.includes(e));
          }
      }
      const last = fieldOptions[i];
      if (!sameEntries(last, kept)) {
        fieldOptions[i] = kept;
        fieldOptionIds[i] = kept.map((e) => e.const);
      }
      ctx.optionIds[fieldPaths[f]] = fieldOptionIds[i];
    }
  }
  return { run, fieldOptions };
}
