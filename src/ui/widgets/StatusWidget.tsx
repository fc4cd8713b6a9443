import type { WidgetProps } from '@rjsf/utils';
import { ReadCode } from './ReadCode';

/** Product Status display: the status label (1 Approved, 2 UnApproved, ...), never an input. */
export function StatusWidget(props: WidgetProps) {
  return (
    <span className="portal-status" id={props.id}>
      <ReadCode {...props} />
    </span>
  );
}
