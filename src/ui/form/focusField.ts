const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]';

/** The field's own control: its id is the path; else the first control in its cell that Tab reaches (not a Why?). */
function controlOf(target: HTMLElement, path: string): HTMLElement | null {
  const own = target.querySelector<HTMLElement>(`[id="${CSS.escape(path)}"]`);
  if (own?.matches(FOCUSABLE)) return own;
  for (const el of target.querySelectorAll<HTMLElement>(FOCUSABLE)) if (el.tabIndex >= 0 && !el.hasAttribute('data-why-target')) return el;
  return null;
}

/**
 * Scrolls a field of a form drawn by MetadataForm into the middle of the screen and focuses its
 * control. `path` is a document path; an item path (`list.0.field`) falls back to the nearest drawn
 * field above it, then to its block (`section[data-block]`). False when nothing of it is on the page.
 */
export function focusField(root: ParentNode, path: string): boolean {
  const segs = path.split('.');
  for (let n = segs.length; n > 0; n--) {
    const p = segs.slice(0, n).join('.');
    // A block the rules hide stays drawn, hidden (BlockView): its fields are not on the page.
    const field = [...root.querySelectorAll<HTMLElement>(`[data-field="${CSS.escape(p)}"]`)].find((el) => !el.closest('[hidden]'));
    const target = field ?? root.querySelector<HTMLElement>(`section[data-block="${CSS.escape(p)}"]`);
    if (!target) continue;
    let control = controlOf(target, p);
    if (!control) {
      // Nothing to type into (a read-only value, a block): the cell itself takes focus.
      target.tabIndex = -1;
      control = target;
    }
    target.scrollIntoView({ block: 'center' });
    control.focus({ preventScroll: true });
    return true;
  }
  return false;
}
