import { focusOnOpening } from './focusOnOpening';
import { cycleTabWithin } from './tabCycle';
import { useOpenerFocus } from './useOpenerFocus';

interface OverlayCallbacks {
  onOpening?: (node: HTMLElement) => void;
  onClosed?: (node: HTMLElement) => void;
}

/**
 * The focus callbacks Dialog and Alert give Blueprint's overlay: on opening, the frame leaves the Tab
 * order and the focus goes where focusOnOpening says; on closing, back to the control that had it before (useOpenerFocus); the
 * caller's own callbacks still run.
 */
export function useDialogFocus(isOpen: boolean | undefined, returnOnClose: boolean | undefined, { onOpening, onClosed }: OverlayCallbacks): Required<OverlayCallbacks> {
  const returnFocus = useOpenerFocus(isOpen, returnOnClose);
  return {
    onOpening: (node) => {
      // Blueprint's overlay makes the dialog's frame a Tab stop (tabIndex 0), so Tab from the last
      // button and Shift+Tab from the first stopped on the box itself. -1 takes it out of the order
      // and still lets a click on its text focus it; Tab then goes round the controls only.
      node.tabIndex = -1;
      cycleTabWithin(node);
      focusOnOpening(node);
      onOpening?.(node);
    },
    onClosed: (node) => {
      returnFocus();
      onClosed?.(node);
    },
  };
}
