import type { EnumOptionsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { FieldModel } from './formModel';
import type { FieldState } from './fieldState';
import { STUB_REGISTRY } from './stubRegistry';

const noop = () => {};

/** RJSF `WidgetProps` for one field of the metadata renderer (same props an RJSF Form would pass). */
export function widgetPropsFor(
  field: FieldModel,
  id: string,
  value: unknown,
  state: FieldState,
  enumOptions: EnumOptionsType[] | undefined,
  onChange: (value: unknown) => void,
  readMode: boolean,
): WidgetProps {
  return {
    id,
    name: field.key,
    htmlName: id,
    schema: field.schema as RJSFSchema,
    uiSchema: {},
    registry: STUB_REGISTRY,
    value,
    label: state.label ?? field.title,
    hideLabel: true,
    required: state.required,
    disabled: false,
    readonly: readMode || state.readonly || field.ui.readonly === true || field.schema.readOnly === true,
    multiple: field.multiple,
    rawErrors: state.errors as string[],
    // x-ui keys overlap RJSF option names with other types (label: string vs boolean); widgets read them via widgetOptions().
    options: { ...field.ui, enumOptions, fieldModel: field } as unknown as WidgetProps['options'],
    onChange,
    onBlur: noop,
    onFocus: noop,
  };
}
