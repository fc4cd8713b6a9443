import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { MultiSelectWidget } from './MultiSelectWidget';
import { optionIndex, widgetOptions } from './widgetOptions';

/** The empty choice every dropdown starts with (001 §9). */
export const SELECT_ONE = 'Select One';

/** A dropdown of code titles with a "Select One" empty choice; lists of codes go to chips. */
export function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <MultiSelectWidget {...props} />;
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const options = widgetOptions(props).enumOptions ?? [];
  const index = optionIndex(options, value);
  return (
    <HTMLSelect
      id={id}
      name={props.htmlName ?? id}
      value={index < 0 ? '' : String(index)}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value === '' ? undefined : options[Number(e.target.value)]?.value)}
      onBlur={() => onBlur(id, value)}
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
