import { InputGroup, Tag } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { intentOf, widgetOptions } from './widgetOptions';

/** Single-line text (RJSF `TextWidget`), with its `x-ui.unit` at the right. Empty text clears the value. */
export function TextWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, placeholder, autofocus } = props;
  const o = widgetOptions(props);
  const maxLength = o.maxLength ?? props.schema.maxLength;
  return (
    <InputGroup
      id={id}
      name={props.htmlName ?? id}
      value={value == null ? '' : String(value)}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      maxLength={maxLength}
      intent={intentOf(props)}
      rightElement={o.unit ? <Tag minimal>{o.unit}</Tag> : undefined}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      style={o.width !== undefined ? { width: o.width } : undefined}
    />
  );
}
