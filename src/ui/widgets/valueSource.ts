import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A field's value outside React (the form store's path): a widget given one keeps the typed text
 * in its own control (uncontrolled) and writes what the store holds into it only when they differ,
 * so a keystroke that changes no rule result renders nothing.
 */
export interface ValueSource {
  get(): unknown;
  subscribe(listener: () => void): () => void;
}

/** The text a text control shows for a stored value (empty text is stored as no value). */
export const shownText = (value: unknown): string => (value == null ? '' : String(value));

/** Writes the stored value's text into the control when it differs from what the control shows. */
export function showStoredValue(control: HTMLInputElement | HTMLTextAreaElement | null, source: ValueSource): void {
  if (!control) return;
  const text = shownText(source.get());
  if (control.value !== text) control.value = text;
}

/**
 * Keeps an uncontrolled control on the store's value: a derived value, a reload or a refused edit shows
 * at once. `shown` is told the text after each change of the value (a counter beside the control).
 */
export function useStoredValue(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, source: ValueSource | undefined, shown?: (text: string) => void): void {
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useLayoutEffect(() => {
    if (!source) return;
    const follow = () => {
      showStoredValue(ref.current, source);
      shownRef.current?.(shownText(source.get()));
    };
    follow();
    return source.subscribe(follow);
  }, [ref, source]);
}
