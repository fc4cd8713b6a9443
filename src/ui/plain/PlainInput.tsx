import { Classes } from '@blueprintjs/core';
import type { InputHTMLAttributes } from 'react';

interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * Blueprint's InputGroup through its CSS API (`bp6-input-group` around a `bp6-input` text input),
 * for the dashboard's two text boxes (issue 17, first load).
 */
export function PlainInput({ value, onValueChange, ...rest }: PlainInputProps) {
  return (
    <div className={Classes.INPUT_GROUP}>
      <input className={Classes.INPUT} type="text" value={value} onChange={(e) => onValueChange(e.currentTarget.value)} {...rest} />
    </div>
  );
}
