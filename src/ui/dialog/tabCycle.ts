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
 * Makes Tab on a dialog's last control go to its first, and Shift+Tab on its first to its last,
 * itself: Blueprint's overlay wraps through a focus trap of its own, which with one button (an
 * alert's Ok) comes back to its start trap, an invisible Tab stop, instead of the button. Between
 * controls Tab is the browser's; a key a control has used already (defaultPrevented) is left alone.
 */
export function cycleTabWithin(node: HTMLElement): void {
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
