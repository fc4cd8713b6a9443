import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

/** A choice among options known only at run time (`ui:options.choices`), kept out of the schema so the schema stays precompiled. */
export function ChoicesWidget({ id, value, required, disabled, readonly, options, onChange, onBlur, onFocus }: WidgetProps) {
  const choices = (options.choices ?? []) as Array<{ value: number | string; label: string }>;
  const parse = (raw: string) => (raw === '' ? undefined : (choices.find((c) => String(c.value) === raw)?.value ?? raw));
  return (
    <HTMLSelect
      id={id}
      name={id}
      fill
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      onChange={(e) => onChange(parse(e.target.value))}
      onBlur={(e) => onBlur(id, parse(e.target.value))}
      onFocus={(e) => onFocus(id, parse(e.target.value))}
    >
      <option value="">{String(options.placeholder ?? '')}</option>
      {choices.map((c) => (
        <option key={String(c.value)} value={String(c.value)}>
          {c.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
