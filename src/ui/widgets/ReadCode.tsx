import type { WidgetProps } from '@rjsf/utils';
import { optionIndex, widgetOptions } from './widgetOptions';

/** Read mode of code fields: code titles (summary labels) instead of ids; lists joined by commas. */
export function ReadCode(props: WidgetProps) {
  const options = widgetOptions(props).enumOptions ?? [];
  const values: unknown[] = Array.isArray(props.value) ? props.value : props.value == null || props.value === '' ? [] : [props.value];
  const text = values.map((v) => options[optionIndex(options, v)]?.label ?? String(v)).join(', ');
  return <span className="portal-read-value">{text}</span>;
}
