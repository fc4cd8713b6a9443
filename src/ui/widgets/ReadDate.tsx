import type { WidgetProps } from '@rjsf/utils';
import { formatUsDate } from './formatUsDate';

/** Read mode of a date: MM/DD/YYYY. */
export function ReadDate(props: WidgetProps) {
  return <span className="portal-read-value">{formatUsDate(props.value)}</span>;
}
