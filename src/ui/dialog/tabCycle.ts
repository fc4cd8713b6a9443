import { Classes } from '@blueprintjs/core';

/** What Tab stops on inside a dialog (Blueprint's own list, less its focus traps and anything taken out of the order). */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]',
]
  .map((s) => `${s}:not([tabindex="-1"])`)
  .join(', ');

const TRAPS = `.${Classes.OVERLAY_START_FOCUS_TRAP}, .${Classes.OVERLAY_END_FOCUS_TRAP}`;

/** The dialog's Tab stops in document order: shown, not inert, not Blueprint's focus traps. */
export function tabStops(node: HTMLElement): HTMLElement[] {
  return [...node.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !el.matches(TRAPS) && !el.closest('[inert], [hidden]') && el.getClientRects().length > 0);
}

/**
 * Makes Tab on a dialog's last control (or out of a last frame) go to its first, and Shift+Tab on its first to its last,
 * itself: Blueprint's overlay wraps through a focus trap of its own, which with one button (an
 * alert's Ok) comes back to its start trap, an invisible Tab stop, instead of the button. Between
 * controls Tab is the browser's; a key a control has used already (defaultPrevented) is left alone.
 */
export function cycleTabWithin(node: HTMLElement): void {
  // Tab out of a frame (an email shown in the dialog) is not seen here: its keys stay in the frame's
  // document, and the focus arrives on the overlay's end trap from no element at all, which Blueprint
  // takes for its own Shift+Tab wrap and sends to the last control again (Compare duplicates' Close
  // was never reached). From there, or from inside, it goes to the first control; the stopped event
  // keeps Blueprint's handler from moving it on.
  const endTrap = node.parentElement?.querySelector<HTMLElement>(`:scope > .${Classes.OVERLAY_END_FOCUS_TRAP}`);
  endTrap?.addEventListener('focusin', (e) => {
    const from = e.relatedTarget;
    if (from !== null && !(from instanceof Node && node.contains(from))) return;
    const first = tabStops(node)[0];
    if (!first) return;
    e.stopPropagation();
    first.focus();
  });
  node.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const stops = tabStops(node);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const wrapTo = e.shiftKey ? (e.target === first ? last : null) : e.target === last ? first : null;
    if (!wrapTo) return;
    e.preventDefault();
    wrapTo.focus();
  });
}
