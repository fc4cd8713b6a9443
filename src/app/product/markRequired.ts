import type { ViewModelLike, VmFieldState } from '../../ui/form/types';

/** What a failing required rule says under its field (its message is the field's label, for the refusal's list: 001 §5). */
export const REQUIRED_MARK = 'Required';

interface RuleErrorLike {
  rule: string;
  field: string;
  message: string;
}

/**
 * The view model with the errors of required rules worded for their field: the refusal dialog lists
 * the labels, the field itself says "Required". Touches only fields with such an error.
 */
export function markRequired(vm: ViewModelLike, requiredRules: ReadonlySet<string>): ViewModelLike {
  const errors = vm.errors as readonly RuleErrorLike[] | undefined;
  let fields: Record<string, VmFieldState | undefined> | null = null;
  for (const e of errors ?? []) {
    if (!requiredRules.has(e.rule)) continue;
    const f = (fields ?? vm.fields)?.[e.field];
    if (!f) continue;
    fields ??= { ...vm.fields };
    fields[e.field] = { ...f, errors: (f.errors ?? []).map((x) => (typeof x !== 'string' && x.rule === e.rule ? { ...x, message: REQUIRED_MARK } : x)) };
  }
  return fields ? { ...vm, fields } : vm;
}
