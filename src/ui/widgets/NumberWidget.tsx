import { InputGroup, Tag } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { intentOf, widgetOptions } from './widgetOptions';

/** A number with its unit (%, $, months, kWh) shown as the input's right element. */
export function NumberWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, schema } = props;
  const o = widgetOptions(props);
  const integer = schema.type === 'integer';
  return (
    <InputGroup
      id={id}
      name={props.htmlName ?? id}
      type="number"
      step={integer ? 1 : 'any'}
      min={schema.minimum}
      max={schema.maximum}
      value={value == null ? '' : String(value)}
      disabled={disabled}
      readOnly={readonly}
      intent={intentOf(props)}
      rightElement={o.unit ? <Tag minimal>{o.unit}</Tag> : undefined}
      onChange={(e) => {
        const text = e.target.value;
        const n = integer ? parseInt(text, 10) : parseFloat(text);
        onChange(text === '' || Number.isNaN(n) ? undefined : n);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
