import type { Engine } from '../../engine';
import type { ViewModelLike } from '../../ui/form/types';
import { statusButtons } from './statusButtons';


/**
 * Field paths whose every `required` rule belongs to screen actions other than `action`: their
 * star would promise a requirement the button at hand does not have (a field required only to
 * approve is not starred while the product is being submitted). Computed once per metadata.
 */
export function starlessFor(engine: Engine, action: string): string[] {
  // The actions of the editor's own buttons (from the metadata); any other belongs to a dialog or picker.
  const SCREEN_ACTIONS = new Set<string>(['save', ...statusButtons(engine).map((b) => b.action)]);
  const byTarget = new Map<string, boolean>();
  for (const r of engine.rules) {
    if (r.kind !== 'required' || !r.target) continue;
    const actions = r.actions ?? [];
    const applies = actions.length === 0 || actions.includes(action) || actions.some((a) => !SCREEN_ACTIONS.has(a));
    byTarget.set(r.target, (byTarget.get(r.target) ?? false) || applies);
  }
  return [...byTarget].filter(([, applies]) => !applies).map(([target]) => target);
}

/** The view model with the stars of those fields removed (a presentation choice; the rules still run). */
export function withoutStars(vm: ViewModelLike, paths: readonly string[]): ViewModelLike {
  let fields: ViewModelLike['fields'] | null = null;
  for (const p of paths) {
    const f = vm.fields?.[p];
    if (!f?.required) continue;
    fields ??= { ...vm.fields };
    fields[p] = { ...f, required: false };
  }
  return fields ? { ...vm, fields } : vm;
}
