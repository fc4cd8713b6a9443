import { Checkbox } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { widgetOptions } from './widgetOptions';

/** A yes/no flag: boolean fields store true/false, numeric ones 1/0 (the summary shows Yes for 1). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, schema, label, hideLabel } = props;
  const o = widgetOptions(props);
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return (
    <Checkbox
      id={id}
      name={props.htmlName ?? id}
      checked={value === true || value === 1 || value === '1'}
      disabled={disabled || readonly}
      label={o.checkboxLabel ?? (hideLabel ? undefined : label)}
      onChange={(e) => onChange(numeric ? (e.currentTarget.checked ? 1 : 0) : e.currentTarget.checked)}
    />
  );
}
