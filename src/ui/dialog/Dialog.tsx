import { Dialog as BlueprintDialog, type DialogProps } from '@blueprintjs/core';
import { useDialogFocus } from './useDialogFocus';

/** Blueprint's Dialog that opens with the focus on its first field or marked control (focusOnOpening). */
export function Dialog(props: DialogProps) {
  return <BlueprintDialog {...props} {...useDialogFocus(props.isOpen, props.shouldReturnFocusOnClose, props)} />;
}
