import { Classes } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';

export const NO_RESULTS = 'No results.';

interface ResultListProps<T> {
  /** The listbox id; option i is `${id}-${i}` (the box's `aria-activedescendant`). */
  id: string;
  label: string;
  items: readonly T[];
  active: number;
  text: (item: T) => string;
  onPick: (item: T) => void;
  className?: string;
}

/**
 * The results of a search box as a listbox the box controls: the active option is highlighted and
 * kept in view, a click picks (the box keeps the focus); an empty list says so. Blueprint's menu look.
 */
export function ResultList<T>({ id, label, items, active, text, onPick, className }: ResultListProps<T>) {
  const list = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    // (jsdom has no scrollIntoView)
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active, items]);
  return (
    <ul ref={list} id={id} className={`${Classes.MENU} ${className ?? ''}`} role="listbox" aria-label={label} style={{ maxHeight: 240, overflow: 'auto' }}>
      {items.length === 0 ? (
        <li role="option" aria-selected={false} aria-disabled="true" className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`}>
          {NO_RESULTS}
        </li>
      ) : (
        items.map((item, i) => (
          <li
            key={i}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`${Classes.MENU_ITEM}${i === active ? ` ${Classes.ACTIVE}` : ''}`}
            // The box keeps the focus; a result is chosen with a click or with Enter in the box.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(item)}
          >
            {text(item)}
          </li>
        ))
      )}
    </ul>
  );
}
