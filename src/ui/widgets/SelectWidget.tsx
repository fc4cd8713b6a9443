import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState, type KeyboardEvent } from 'react';
import { MultiSelectWidget } from './MultiSelectWidget';
import { optionIndex, widgetOptions } from './widgetOptions';

/** The empty choice every dropdown starts with (001 §9). */
export const SELECT_ONE = 'Select One';

/** Keys that move a closed dropdown's choice in place (Chromium changes the value at once). */
const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A dropdown of code titles with a "Select One" empty choice; lists of codes go to chips.
 * A choice is committed when made: picked with the mouse or in the open list, or, for a choice
 * moved to with the arrow keys or by typing on the closed dropdown, on Enter or on leaving it
 * (Escape goes back). Passing over options does not change the document (a channel passed on the
 * way would show and hide sections, and run their rules, once per option).
 */
export function SelectWidget(props: WidgetProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const moved = useRef(false);
  if (props.multiple) return <MultiSelectWidget {...props} />;
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const options = widgetOptions(props).enumOptions ?? [];
  const index = optionIndex(options, value);
  const current = index < 0 ? '' : String(index);
  const commit = (raw: string) => {
    setDraft(null);
    if (raw !== current) onChange(raw === '' ? undefined : options[Number(raw)]?.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key === 'Enter' && draft !== null) {
      // The commit is the Enter's whole job (Chromium would also open the list).
      e.preventDefault();
      commit(draft);
    }
    else if (e.key === 'Escape' && draft !== null) setDraft(null);
    // Alt+Arrow and Space open the list: a choice made there is a pick, not a move.
    moved.current = !e.altKey && (MOVE_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' '));
  };
  return (
    <HTMLSelect
      id={id}
      name={props.htmlName ?? id}
      value={draft ?? current}
      disabled={disabled || readonly}
      onKeyDown={onKeyDown}
      onMouseDown={() => (moved.current = false)}
      onChange={(e) => {
        if (moved.current) setDraft(e.target.value);
        else commit(e.target.value);
        moved.current = false;
      }}
      onBlur={() => {
        if (draft !== null) commit(draft);
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{SELECT_ONE}</option>
      {options.map((o, i) => (
        <option key={String(o.value)} value={String(i)}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
