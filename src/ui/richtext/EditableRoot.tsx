import { useCallback, type ComponentProps, type Ref } from 'react';

/**
 * The editable's root element (slate-react's `Editable as`), a plain div except for one thing.
 * On every commit React saves the focused element's selection as character offsets so it can put
 * it back if the commit moved focus: for a focused contenteditable (`el.contentEditable === "true"`)
 * that is a walk over every DOM node of the editor, measured at about a tenth of the JavaScript of a
 * keystroke in a large email. Focus never moves while typing, and slate-react restores its own
 * selection, so the root answers `contentEditable` with an equal String object: the strict check
 * in React fails, everything else (attribute, `isContentEditable`, `==`) is unchanged.
 */
export function EditableRoot({ ref, ...props }: ComponentProps<'div'>) {
  const own = useCallback(
    (el: HTMLDivElement | null) => {
      const native = el && Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'contentEditable');
      if (el && native?.get && !Object.prototype.hasOwnProperty.call(el, 'contentEditable')) {
        const { get, set } = native;
        Object.defineProperty(el, 'contentEditable', {
          configurable: true,
          // Object(string): a String object with the same value.
          get: (): unknown => Object(get.call(el)),
          set: (v: string) => set?.call(el, v),
        });
      }
      setRef(ref, el);
    },
    [ref],
  );
  return <div {...props} ref={own} />;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
