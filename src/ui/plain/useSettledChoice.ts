import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/** Keys that move a closed native select's choice in place (Chromium fires `change` at once). */
const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A native select whose choice counts when made, not while passing over options: picked with the
 * mouse or in the open list, it counts at once; moved to with the arrow keys or by typing on the
 * closed select, on Enter or on leaving it (Escape goes back). Passing over a bulk status, a row's
 * points or the page size would otherwise store or reload once per option.
 * Returns the select's value and handlers; `choose` gets the settled value when it differs from `current`.
 */
export function useSettledChoice(current: string, choose: (value: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const moved = useRef(false);
  const settle = (value: string) => {
    setDraft(null);
    if (value !== current) choose(value);
  };
  return {
    value: draft ?? current,
    onKeyDown(e: KeyboardEvent<HTMLSelectElement>) {
      if (e.key === 'Enter' && draft !== null) {
        // Settling is the Enter's whole job (Chromium would also open the list).
        e.preventDefault();
        settle(draft);
      } else if (e.key === 'Escape' && draft !== null) setDraft(null);
      // Alt+Arrow and Space open the list: a choice made there is a pick, not a move.
      moved.current = !e.altKey && (MOVE_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' '));
    },
    onMouseDown() {
      moved.current = false;
    },
    onChange(e: ChangeEvent<HTMLSelectElement>) {
      if (moved.current) setDraft(e.currentTarget.value);
      else settle(e.currentTarget.value);
      moved.current = false;
    },
    /** Leaving the select settles a moved choice. */
    onBlur() {
      if (draft !== null) settle(draft);
    },
  };
}
