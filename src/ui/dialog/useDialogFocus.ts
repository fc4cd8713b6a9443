import { focusOnOpening } from './focusOnOpening';
import { useOpenerFocus } from './useOpenerFocus';

interface OverlayCallbacks {
  onOpening?: (node: HTMLElement) => void;
  onClosed?: (node: HTMLElement) => void;
}

/**
 * The focus callbacks Dialog and Alert give Blueprint's overlay: on opening, the focus goes where
 * focusOnOpening says; on closing, back to the control that had it before (useOpenerFocus); the
 * caller's own callbacks still run.
 */
export function useDialogFocus(isOpen: boolean | undefined, returnOnClose: boolean | undefined, { onOpening, onClosed }: OverlayCallbacks): Required<OverlayCallbacks> {
  const returnFocus = useOpenerFocus(isOpen, returnOnClose);
  return {
    onOpening: (node) => {
      focusOnOpening(node);
      onOpening?.(node);
    },
    onClosed: (node) => {
      returnFocus();
      onClosed?.(node);
    },
  };
}
