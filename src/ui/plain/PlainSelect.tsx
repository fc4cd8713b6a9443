import { Classes } from '@blueprintjs/core';
import type { SelectHTMLAttributes } from 'react';
import { useSettledChoice } from './useSettledChoice';
import { PlainIcon } from './PlainIcon';
import { plainClasses } from './plainClasses';

export interface PlainOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

interface PlainSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'onKeyDown' | 'onMouseDown' | 'onBlur'> {
  options: PlainOption[];
  value: string | number;
  /** The settled choice (useSettledChoice: not each option passed with the arrow keys). */
  onChoose: (value: string) => void;
  /**
   * A change is being saved: the select takes no other change meanwhile, but stays enabled and
   * marked aria-disabled, since a disabled select drops a keyboard user's focus to the page.
   */
  busy?: boolean;
}

/**
 * Blueprint's HTMLSelect through its CSS API (`bp6-html-select` around a native select and the
 * double-caret icon titled "Open dropdown"), the icon drawn from the bundled paths (issue 17, first
 * load). Same options markup as HTMLSelect (value and label attributes, the label as text).
 * While busy a choice is ignored and the value stays.
 */
export function PlainSelect({ options, disabled, className, busy, value, onChoose, ...rest }: PlainSelectProps) {
  const choice = useSettledChoice(String(value), (v) => !busy && onChoose(v));
  return (
    <div className={plainClasses(Classes.HTML_SELECT, disabled && Classes.DISABLED, className)}>
      <select disabled={disabled} aria-disabled={busy || undefined} {...rest} value={choice.value} onChange={choice.onChange} onKeyDown={choice.onKeyDown} onMouseDown={choice.onMouseDown} onBlur={choice.onBlur}>
        {options.map((o) => (
          <option key={o.value} value={o.value} label={o.label} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <PlainIcon icon="double-caret-vertical" title="Open dropdown" />
    </div>
  );
}
