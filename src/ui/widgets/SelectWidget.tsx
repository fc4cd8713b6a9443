import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useSettledChoice } from '../plain/useSettledChoice';
import { MultiSelectWidget } from './MultiSelectWidget';
import { optionIndex, widgetOptions } from './widgetOptions';

/** The empty choice every dropdown starts with (001 §9). */
export const SELECT_ONE = 'Select One';

/**
 * A dropdown of code titles with a "Select One" empty choice; lists of codes go to chips.
 * A choice is committed when made: picked with the mouse or in the open list, or, for a choice
 * moved to with the arrow keys or by typing on the closed dropdown, on Enter or on leaving it
 * (Escape goes back). Passing over options does not change the document (a channel passed on the
 * way would show and hide sections, and run their rules, once per option).
 */
export function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <MultiSelectWidget {...props} />;
  return <SingleSelect {...props} />;
}

function SingleSelect(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const options = widgetOptions(props).enumOptions ?? [];
  const index = optionIndex(options, value);
  const choice = useSettledChoice(index < 0 ? '' : String(index), (raw) => onChange(raw === '' ? undefined : options[Number(raw)]?.value));
  return (
    <HTMLSelect
      id={id}
      name={props.htmlName ?? id}
      value={choice.value}
      disabled={disabled || readonly}
      onKeyDown={choice.onKeyDown}
      onMouseDown={choice.onMouseDown}
      onChange={choice.onChange}
      onBlur={() => {
        choice.onBlur();
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
