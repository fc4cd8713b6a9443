import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * Arrow keys and Enter for a search box's result list (the focus stays in the box, as in a
 * combobox): Down/Up move the active result, Enter picks it, Escape closes the list. The active
 * result starts at the first one each time the list changes.
 */
export function useListKeys<T>(items: readonly T[] | null, pick: (item: T) => void, close: () => void) {
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [items]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!items?.length) {
      if (e.key === 'Escape' && items) close();
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[Math.min(active, items.length - 1)];
      if (item !== undefined) pick(item);
    } else if (e.key === 'Escape') close();
  };
  return { active, setActive, onKeyDown };
}
