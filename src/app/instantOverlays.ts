import { config } from 'react-transition-group';

/**
 * Dialogs, popovers, menus, tooltips and toasts (Blueprint's overlays, on react-transition-group)
 * appear and go at once. Each animated transition forced a layout of the whole page at its start
 * (`forceReflow`) and changed classes again at its end, a timer later: on the product editor that was
 * a full layout of a 4,500 px form landing in the middle of the next action (the first keystroke
 * after a save waited for the confirm dialog's exit and the toast's entry). docs/decisions/instant-overlays.md
 */
export function instantOverlays(): void {
  config.disabled = true;
}
