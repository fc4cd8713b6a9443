import { Classes } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { UnitAction, unitPadding } from './UnitAction';
import { useTextControl, type ValueSource } from './valueSource';
import { intentOf, widgetOptions } from './widgetOptions';

/**
 * Single-line text (RJSF `TextWidget`), with its `x-ui.unit` at the right. Empty text clears the value.
 * Blueprint's InputGroup markup drawn directly: this is the widget that renders on every keystroke,
 * and the component wrapper cost more than the rest of the keystroke's app work.
 * Given a `valueSource` (the metadata form's fields), the input keeps the typed text itself and
 * follows the store (valueSource.ts): a keystroke then renders nothing, not even this widget.
 */
export function TextWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, placeholder, autofocus } = props;
  const control = useTextControl<HTMLInputElement>(value, props.valueSource as ValueSource | undefined, onChange);
  const o = widgetOptions(props);
  const maxLength = o.maxLength ?? props.schema.maxLength;
  const danger = intentOf(props) === 'danger';
  return (
    <div className={`${Classes.INPUT_GROUP}${danger ? ` ${Classes.INTENT_DANGER}` : ''}${disabled ? ` ${Classes.DISABLED}` : ''}`}>
      <input
        {...control}
        id={id}
        name={props.htmlName ?? id}
        className={`${Classes.INPUT} portal-text-input`}
        type="text"
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        placeholder={placeholder}
        maxLength={maxLength}
        style={unitPadding(o.unit)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {o.unit && <UnitAction unit={o.unit} />}
    </div>
  );
}
