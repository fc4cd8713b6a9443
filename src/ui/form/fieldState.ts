import type { VmFieldState, VmOption } from './types';

/** What one field shows, normalised from the view model; compared by value so unchanged fields skip rendering. */
export interface FieldState {
  visible: boolean;
  required: boolean;
  readonly: boolean;
  label?: string;
  options?: readonly VmOption[];
  errors: readonly string[];
}

const NO_ERRORS: readonly string[] = Object.freeze([]);
export const DEFAULT_FIELD_STATE: FieldState = Object.freeze({ visible: true, required: false, readonly: false, errors: NO_ERRORS });

export function toFieldState(vm: VmFieldState | undefined): FieldState {
  if (!vm) return DEFAULT_FIELD_STATE;
  const errors = vm.errors?.length ? vm.errors.map((e) => (typeof e === 'string' ? e : e.message)) : NO_ERRORS;
  return {
    visible: vm.visible !== false,
    required: vm.required === true,
    readonly: vm.readonly === true,
    label: vm.label,
    options: vm.options,
    errors,
  };
}

export function sameFieldState(a: FieldState, b: FieldState): boolean {
  return (
    a.visible === b.visible &&
    a.required === b.required &&
    a.readonly === b.readonly &&
    a.label === b.label &&
    sameList(a.errors, b.errors) &&
    sameOptions(a.options, b.options)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}

function optionKey(o: VmOption): unknown {
  return typeof o === 'object' && o !== null ? o.const : o;
}

function sameOptions(a: readonly VmOption[] | undefined, b: readonly VmOption[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((o, i) => optionKey(o) === optionKey(b[i]!));
}
