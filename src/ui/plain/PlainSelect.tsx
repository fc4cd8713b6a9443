import { Classes } from '@blueprintjs/core';
import type { SelectHTMLAttributes } from 'react';
import { PlainIcon } from './PlainIcon';
import { plainClasses } from './plainClasses';

export interface PlainOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

interface PlainSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: PlainOption[];
  /**
   * A change is being saved: the select takes no other change meanwhile, but stays enabled and
   * marked aria-disabled, since a disabled select drops a keyboard user's focus to the page.
   */
  busy?: boolean;
}

// A controlled select keeps a handler while busy (its value stays; React wants one beside `value`).
const ignoreChange = () => undefined;

/**
 * Blueprint's HTMLSelect through its CSS API (`bp6-html-select` around a native select and the
 * double-caret icon titled "Open dropdown"), the icon drawn from the bundled paths (issue 17, first
 * load). Same options markup as HTMLSelect (value and label attributes, the label as text).
 */
export function PlainSelect({ options, disabled, className, busy, onChange, ...rest }: PlainSelectProps) {
  return (
    <div className={plainClasses(Classes.HTML_SELECT, disabled && Classes.DISABLED, className)}>
      <select disabled={disabled} aria-disabled={busy || undefined} onChange={busy ? ignoreChange : onChange} {...rest}>
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
