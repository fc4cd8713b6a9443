import { Dialog as BlueprintDialog, type DialogProps } from '@blueprintjs/core';
import { focusOnOpening } from './focusOnOpening';
import { useOpenerFocus } from './useOpenerFocus';

/** Blueprint's Dialog that opens with the focus on its first field or marked control (focusOnOpening). */
export function Dialog(props: DialogProps) {
  const { onOpening, onClosed } = props;
  const returnFocus = useOpenerFocus(props.isOpen, props.shouldReturnFocusOnClose);
  return (
    <BlueprintDialog
      {...props}
      onOpening={(node) => {
        focusOnOpening(node);
        onOpening?.(node);
      }}
      onClosed={(node) => {
        returnFocus();
        onClosed?.(node);
      }}
    />
  );
}
