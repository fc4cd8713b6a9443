import { useEffect, useRef } from 'react';

/**
 * A dialog drawn only while it is open (the product editor's) unmounts at once on close, without the
 * closing transition after which Blueprint gives the focus back to what had it before: the focus fell
 * to the page. This notes what had the focus as the dialog opens and, if the dialog unmounts open with
 * the focus lost, puts it back there (unless the dialog returns no focus, e.g. one that goes to a field).
 */
export function useFocusBackOnUnmount(isOpen: boolean | undefined, returnFocus: boolean | undefined): void {
  const opener = useRef<Element | null>(null);
  const open = useRef(false);
  const enabled = useRef(returnFocus !== false);
  open.current = !!isOpen;
  enabled.current = returnFocus !== false;
  // Runs before the overlay's own focus move (in the next frame), so the focus is still the opener's.
  useEffect(() => {
    if (isOpen) opener.current = document.activeElement;
  }, [isOpen]);
  useEffect(
    () => () => {
      const back = opener.current;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (open.current && enabled.current && lost && back instanceof HTMLElement && back.isConnected) back.focus();
    },
    [],
  );
}
