import { Classes } from '@blueprintjs/core';

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]';
const CONTROL = `${FIELD}, button:not([disabled]), a[href]`;

/**
 * Where a dialog's focus belongs when it opens: the element marked `data-autofocus`, else an alert's
 * last button (its safe answer: Cancel where it asks, its only button where it tells), else the body's
 * first field. Null leaves it on the frame (a dialog that only shows something).
 */
export function openingFocusTarget(node: HTMLElement): HTMLElement | null {
  return (
    node.querySelector<HTMLElement>('[data-autofocus]') ??
    node.querySelector<HTMLElement>(`.${Classes.ALERT_FOOTER} button:last-of-type`) ??
    node.querySelector<HTMLElement>(`.${Classes.DIALOG_BODY} :is(${FIELD})`)
  );
}

/**
 * Keys held down now. The key that opened a dialog from a field (Enter on a date) is often released
 * after the dialog's button has the focus, and Blueprint's Button clicks on the keyup of Enter or
 * Space: the alert closed unread. The focus waits for the release.
 */
const held = new Set<string>();
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (e) => void held.add(e.key), true);
  document.addEventListener('keyup', (e) => void held.delete(e.key), true);
  window.addEventListener('blur', () => held.clear());
}
const afterKeysUp = (run: () => void) => {
  if (held.size === 0) return run();
  document.addEventListener('keyup', () => requestAnimationFrame(() => afterKeysUp(run)), { once: true, capture: true });
};

/** Focuses the dialog's target unless the user has put the focus on one of its controls; true once settled. */
function settleFocus(node: HTMLElement): boolean {
  const active = document.activeElement;
  if (active instanceof HTMLElement && node.contains(active) && active.matches(CONTROL)) return true;
  const target = openingFocusTarget(node);
  target?.focus();
  return target !== null;
}

/**
 * A Blueprint overlay's `onOpening`: Blueprint focuses the dialog's frame, so a keyboard user had to
 * Tab to the first control. The target is focused in the next frame, after the overlay has taken note
 * of what had the focus before (it returns there on close) and whichever of its own focus moves runs
 * first, and once no key is held (`held`). A dialog whose fields arrive later (Compare duplicates'
 * emails) is watched until they do, as long as the focus is still on its frame; a control the user
 * put the focus on keeps it.
 */
export function focusOnOpening(node: HTMLElement): void {
  requestAnimationFrame(() =>
    afterKeysUp(() => {
      if (!node.isConnected || settleFocus(node)) return;
      const watch = new MutationObserver(() => {
        if (!node.isConnected || settleFocus(node)) watch.disconnect();
      });
      watch.observe(node, { childList: true, subtree: true });
    }),
  );
}
