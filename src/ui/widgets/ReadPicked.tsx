import type { WidgetProps } from '@rjsf/utils';
import { ReadCode } from './ReadCode';

/** A picked object's display text: its first name-like string property. */
export function pickedLabel(value: unknown): string {
  if (value == null) return '';
  if (typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const named = entries.find(([k, v]) => typeof v === 'string' && /name|title|label/i.test(k));
  const first = named ?? entries.find(([, v]) => typeof v === 'string');
  return first ? String(first[1]) : JSON.stringify(value);
}

/** Read mode of a picker: code titles for code fields, else the picked items' names. */
export function ReadPicked(props: WidgetProps) {
  if (props.options.enumOptions) return <ReadCode {...props} />;
  const values: unknown[] = Array.isArray(props.value) ? props.value : props.value == null ? [] : [props.value];
  return <span className="portal-read-value">{values.map(pickedLabel).join(', ')}</span>;
}
