import { Dialog as BlueprintDialog, type DialogProps } from '@blueprintjs/core';
import { focusOnOpening } from './focusOnOpening';
import { useFocusBackOnUnmount } from './useFocusBackOnUnmount';

/** Blueprint's Dialog that opens with the focus on its first field or marked control (focusOnOpening). */
export function Dialog(props: DialogProps) {
  const { onOpening } = props;
  useFocusBackOnUnmount(props.isOpen, props.shouldReturnFocusOnClose);
  return (
    <BlueprintDialog
      {...props}
      onOpening={(node) => {
        focusOnOpening(node);
        onOpening?.(node);
      }}
    />
  );
}
