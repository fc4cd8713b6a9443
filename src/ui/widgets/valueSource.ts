import { useLayoutEffect, useRef, type ChangeEvent, type RefObject } from 'react';

/**
 * A field's value outside React (the form store's path): a widget given one keeps the typed text
 * in its own control (uncontrolled) and writes what the store holds into it only when they differ,
 * so a keystroke that changes no rule result renders nothing.
 */
export interface ValueSource {
  get(): unknown;
  subscribe(listener: () => void): () => void;
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The text a text control shows for a stored value (empty text is stored as no value). */
export const shownText = (value: unknown): string => (value == null ? '' : String(value));

/** Writes the stored value's text into the control when it differs from what the control shows. */
function showStoredValue(control: TextControl | null, source: ValueSource): void {
  if (!control) return;
  const text = shownText(source.get());
  if (control.value !== text) control.value = text;
}

/**
 * The props of a text control (input or textarea) for a widget's `value` and `onChange`. Controlled
 * without a source; with one, uncontrolled and kept on the store's value: a derived value, a reload
 * or an edit the store did not take (or changed) shows at once, as in a controlled control. `shown` is
 * told the text after each change of the stored value (a counter beside the control).
 */
export function useTextControl<E extends TextControl>(value: unknown, source: ValueSource | undefined, onChange: (value: unknown) => void, shown?: (text: string) => void) {
  const ref = useRef<E>(null);
  useStoredValue(ref, source, shown);
  return {
    ref,
    ...(source ? { defaultValue: shownText(value) } : { value: shownText(value) }),
    onChange: (e: ChangeEvent<E>) => {
      onChange(e.target.value === '' ? undefined : e.target.value);
      if (source) showStoredValue(e.target, source);
    },
  };
}

function useStoredValue(ref: RefObject<TextControl | null>, source: ValueSource | undefined, shown?: (text: string) => void): void {
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
