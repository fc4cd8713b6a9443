import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import type { FieldModel } from '../form/formModel';
import type { XUi } from '../form/types';

/** The `ui:options` a widget reads: the field's `x-ui` plus what the renderer adds. */
export interface WidgetOptions extends XUi {
  enumOptions?: EnumOptionsType[];
  /** Set by the metadata renderer: the field model (gives list widgets their item fields). */
  fieldModel?: FieldModel;
}

export function widgetOptions(props: WidgetProps): WidgetOptions {
  return props.options as WidgetOptions;
}

/** Index of `value` among the enum options (compared loosely: "1" matches 1), or -1. */
export function optionIndex(options: readonly EnumOptionsType[] | undefined, value: unknown): number {
  if (value === undefined || value === null || value === '' || !options) return -1;
  return options.findIndex((o) => o.value === value || String(o.value) === String(value));
}

/** Blueprint's intent for a field with errors. */
export function intentOf(props: WidgetProps): 'danger' | 'none' {
  return props.rawErrors?.length ? 'danger' : 'none';
}
