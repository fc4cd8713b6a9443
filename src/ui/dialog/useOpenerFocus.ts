import { Classes } from '@blueprintjs/core';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** The element that last took the focus: a button disabled while its action runs drops the focus to the page. */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') document.addEventListener('focusin', (e) => void (lastFocused = e.target as Element | null), true);

/** No focus, or on the page, or inside an overlay that is closing (Blueprint's return can land on its own focus trap). */
const lost = () => {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected || (!!a.closest(`.${Classes.OVERLAY}`) && !a.closest(`.${Classes.OVERLAY_OPEN}`));
};

/**
 * Gives the focus back to what opened a dialog, where Blueprint's own return would leave it on the page:
 * when the focus was already lost as the dialog opened (Save disabled while it saved, then 'Email saved
 * Successfully!'), the opener is the element that had it last; and a dialog drawn only while it is open
 * (the product editor's) unmounts without the closing transition after which Blueprint returns the
 * focus. Returns the dialog's `onClosed`. Nothing moves where the focus is somewhere already, or where
 * the dialog returns no focus (one that sends it to a field).
 */
export function useOpenerFocus(isOpen: boolean | undefined, returnFocus: boolean | undefined): () => void {
  const opener = useRef<Element | null>(null);
  const open = useRef(false);
  const enabled = useRef(true);
  useEffect(() => {
    open.current = !!isOpen;
    enabled.current = returnFocus !== false;
  });
  // In the commit that opens it, before any focus move of the overlay's: the focus is still the opener's, or lost.
  useLayoutEffect(() => {
    if (isOpen) opener.current = lost() ? lastFocused : document.activeElement;
  }, [isOpen]);
  const restore = useCallback(() => {
    const back = opener.current;
    if (enabled.current && lost() && back instanceof HTMLElement && back.isConnected) back.focus();
  }, []);
  useEffect(
    () => () => {
      if (open.current) restore();
    },
    [restore],
  );
  return restore;
}
