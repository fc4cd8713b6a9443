import { Alert as BlueprintAlert, type AlertProps } from '@blueprintjs/core';
import { useDialogFocus } from './useDialogFocus';

/** Blueprint's Alert that opens with the focus on its safe answer: Cancel where it asks, else its one button. */
export function Alert(props: AlertProps) {
  return <BlueprintAlert {...props} {...useDialogFocus(props.isOpen, true, props)} />;
}
