import { Classes } from '@blueprintjs/core';
import { useMemo, type SelectHTMLAttributes } from 'react';
import { PlainIcon } from './PlainIcon';
import { plainClasses } from './plainClasses';
import { useFilledOnUse } from './useFilledOnUse';
import { widestLabel } from './widestLabel';

export interface PlainOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

interface PlainSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: PlainOption[];
  /**
   * A controlled select with more options than `heldOptions` holds only its selected and its widest
   * option (so it shows and measures the same closed) until the pointer or focus reaches it, or the
   * page is idle after its first paint; then all of them. Each option is an element the first load
   * styles and lays out (issue 31 item 7: the dashboard's search form holds ~150 of them). Only for a
   * select whose font is the plain `.bp6-html-select select` one: the widest is measured in it.
   */
  fillOnUse?: boolean;
}

/** Fewer options than this are drawn at once: the saving would not pay for the measuring. */
const heldOptions = 5;

/** The options a select not yet used holds: its selected and its widest one, in list order; all where the widest is unknown. */
function held(options: PlainOption[], value: unknown): PlainOption[] {
  const widest = widestLabel(options.map((o) => o.label));
  if (widest < 0) return options;
  // A value no option has selects the first enabled one (React's controlled select).
  const found = options.findIndex((o) => String(o.value) === String(value));
  const selected = found >= 0 ? found : options.findIndex((o) => !o.disabled);
  return options.filter((_, i) => i === selected || i === widest);
}

/**
 * Blueprint's HTMLSelect through its CSS API (`bp6-html-select` around a native select and the
 * double-caret icon titled "Open dropdown"), the icon drawn from the bundled paths (issue 17, first
 * load). Same options markup as HTMLSelect (value and label attributes, the label as text).
 */
export function PlainSelect({ options, disabled, className, fillOnUse = false, onFocus, onPointerDown, onMouseDown, ...rest }: PlainSelectProps) {
  const lazy = fillOnUse && rest.value !== undefined && options.length > heldOptions;
  const [filled, fill] = useFilledOnUse(lazy);
  const value = rest.value;
  const shown = useMemo(() => (filled ? options : held(options, value)), [filled, options, value]);
  return (
    <div className={plainClasses(Classes.HTML_SELECT, disabled && Classes.DISABLED, className)}>
      <select
        disabled={disabled}
        {...rest}
        // Filled before the browser opens the list or moves focus (its default actions follow these events).
        onPointerDown={(e) => (fill(), onPointerDown?.(e))}
        onMouseDown={(e) => (fill(), onMouseDown?.(e))}
        onFocus={(e) => (fill(), onFocus?.(e))}
      >
        {shown.map((o) => (
          <option key={o.value} value={o.value} label={o.label} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <PlainIcon icon="double-caret-vertical" title="Open dropdown" />
    </div>
  );
}
