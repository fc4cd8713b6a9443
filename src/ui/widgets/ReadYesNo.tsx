import type { WidgetProps } from '@rjsf/utils';
import { yesNo } from './yesNo';

/** Read mode of a yes/no flag. */
export function ReadYesNo(props: WidgetProps) {
  return <span className="portal-read-value">{yesNo(props.value)}</span>;
}
