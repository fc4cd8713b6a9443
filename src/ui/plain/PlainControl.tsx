import { Classes } from '@blueprintjs/core';
import type { ChangeEvent, ReactNode } from 'react';
import { plainClasses } from './plainClasses';

interface PlainControlProps {
  /** Blueprint's Switch or Checkbox look. */
  kind: 'switch' | 'checkbox';
  label: ReactNode;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  inline?: boolean;
  'aria-label'?: string;
}

/**
 * Blueprint's Switch / Checkbox through its CSS API (`bp6-control bp6-switch|bp6-checkbox` label, a
 * native checkbox, `bp6-control-indicator`): the same markup and behaviour as the components,
 * without their wrappers and effects, for the search form's ~20 boxes (issue 17, first load).
 */
export function PlainControl({ kind, label, checked, onChange, inline, 'aria-label': ariaLabel }: PlainControlProps) {
  return (
    <label className={plainClasses(Classes.CONTROL, kind === 'switch' ? Classes.SWITCH : Classes.CHECKBOX, inline && Classes.INLINE)}>
      <input className={Classes.CONTROL_INPUT} type="checkbox" checked={checked} onChange={onChange} aria-label={ariaLabel} />
      <span className={Classes.CONTROL_INDICATOR} />
      {label}
    </label>
  );
}
