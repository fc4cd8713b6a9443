import { useCallback, useEffect, useRef } from 'react';

interface Origin {
  button: HTMLButtonElement;
  group: Element | null;
  text: string;
  /** Its place among its group's buttons of the same text. */
  index: number;
}

const sameText = (group: Element, text: string) => [...group.querySelectorAll('button')].filter((b) => b.textContent === text);

/**
 * Keeps a keyboard user's place across a write that disables the screen's buttons while it runs (a
 * disabled button drops the focus to the page). Call the returned `remember` as the write starts; once
 * `busy` is over the focus goes back to that button, or, when the write removed it (a rejected row),
 * to the button of the same text at its place in its `[data-focus-group]`, else the group's first one.
 * Where the user has put the focus elsewhere meanwhile, it stays there.
 */
export function useKeptFocus(busy: boolean): () => void {
  const origin = useRef<Origin | null>(null);
  useEffect(() => {
    const o = origin.current;
    if (busy || !o) return;
    origin.current = null;
    if (document.activeElement !== document.body && document.activeElement !== o.button) return;
    if (o.button.isConnected && !o.button.disabled) return o.button.focus();
    if (!o.group?.isConnected) return;
    const same = sameText(o.group, o.text);
    (same[Math.min(o.index, same.length - 1)] ?? o.group.querySelector('button'))?.focus();
  }, [busy]);
  return useCallback(() => {
    const button = document.activeElement;
    if (!(button instanceof HTMLButtonElement)) return;
    const group = button.closest('[data-focus-group]');
    const text = button.textContent ?? '';
    origin.current = { button, group, text, index: group ? sameText(group, text).indexOf(button) : 0 };
  }, []);
}
