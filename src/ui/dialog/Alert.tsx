import { Alert as BlueprintAlert, type AlertProps } from '@blueprintjs/core';
import { focusOnOpening } from './focusOnOpening';
import { useOpenerFocus } from './useOpenerFocus';

/** Blueprint's Alert that opens with the focus on its safe answer: Cancel where it asks, else its one button. */
export function Alert(props: AlertProps) {
  const { onOpening, onClosed } = props;
  const returnFocus = useOpenerFocus(props.isOpen, true);
  return (
    <BlueprintAlert
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
