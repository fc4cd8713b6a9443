import type { WidgetProps } from '@rjsf/utils';
import { widgetOptions } from './widgetOptions';

/** Read mode of text and number fields: the value, with its unit ($ before, others after). */
export function ReadText(props: WidgetProps) {
  const { value } = props;
  const unit = widgetOptions(props).unit;
  if (value == null || value === '') return <span className="portal-read-value" />;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const shown = !unit ? text : unit === '$' ? `$${text}` : unit === '%' ? `${text}%` : `${text} ${unit}`;
  return <span className="portal-read-value">{shown}</span>;
}
