import { focusWhenDrawn } from '../../ui/focus/focusWhenDrawn';

/**
 * After a save or status action the focus goes back to the button that ran it. The actions are
 * disabled while a save runs, and a disabled button loses the focus to the page: a keyboard user
 * pressing Enter on Update found it on nothing. A new product's first save draws the toolbar anew
 * (Submit becomes Update), so the button is found again by its action. Where something else took
 * the focus meanwhile (a refusal's dialog, the field it names, a click) it stays there.
 */
export function keepActionFocus(pressed: HTMLElement, action: string, run: Promise<unknown>): void {
  const toolbar = pressed.closest('[role="toolbar"]');
  const label = toolbar?.getAttribute('aria-label');
  void run.finally(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    focusWhenDrawn(() => {
      // The user went on meanwhile (a click or Tab into a field while the toolbar was redrawn): theirs stands.
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return false;
      if (pressed.isConnected) return pressed;
      const bar = label ? document.querySelector(`[role="toolbar"][aria-label="${CSS.escape(label)}"]`) : null;
      return bar?.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"], [data-action="save"]`);
    });
  });
}
