import type { EnumOptionsType } from '@rjsf/utils';
import type { FieldModel } from './formModel';
import type { FormMode, VmOption } from './types';

/**
 * Choices of a code field: the code table, narrowed to the view model's `options` in edit mode
 * (the engine's option filters). Read mode keeps the whole table and prefers `x-summary` labels
 * (e.g. product status "UnApproved"), as does the `status` display in edit mode.
 */
export function enumOptionsFor(field: FieldModel, vmOptions: readonly VmOption[] | undefined, mode: FormMode): EnumOptionsType[] | undefined {
  const table = field.codes;
  if (!table) return undefined;
  const summary = mode === 'read' || field.ui.widget === 'status';
  const label = (e: { title: string; 'x-summary'?: string }) => (summary ? (e['x-summary'] ?? e.title) : e.title);
  if (summary || !vmOptions) return table.oneOf.map((e) => ({ value: e.const, label: label(e) }));
  const byId = new Map(table.oneOf.map((e) => [String(e.const), e]));
  return vmOptions.map((o) => {
    const id = typeof o === 'object' && o !== null ? o.const : o;
    const entry = byId.get(String(id));
    const title = entry ? entry.title : typeof o === 'object' && o?.title ? o.title : String(id);
    return { value: entry ? entry.const : id, label: title };
  });
}
