import { Classes } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

/** RJSF `PasswordWidget` (`ui:widget: "password"`): a Blueprint input whose text is hidden. */
export function BlueprintPasswordWidget({ id, value, disabled, readonly, required, autofocus, onChange, onBlur, onFocus, htmlName }: WidgetProps) {
  return (
    <div className={Classes.INPUT_GROUP}>
      <input
      id={id}
      name={htmlName ?? id}
      className={Classes.INPUT}
      type="password"
      autoComplete="new-password"
      value={value == null ? '' : String(value)}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      autoFocus={autofocus}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      />
    </div>
  );
}
