/** Frames to wait for the control: an editor update is drawn within one or two; a few more for a slow machine. */
const FRAMES = 30;

/**
 * Focuses what `find` returns once it is on the page, shown and enabled, trying once per animation
 * frame (`find` answers false to stop looking): a control that an action opens (a form block the rules show, a button that comes back
 * when a form closes) is drawn after the click that asked for it. Gives up quietly after FRAMES.
 */
export function focusWhenDrawn(find: () => HTMLElement | null | undefined | false, frames = FRAMES): void {
  const el = find();
  if (el === false) return;
  if (el && el.isConnected && !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled) {
    el.focus();
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusWhenDrawn(find, frames - 1));
}
