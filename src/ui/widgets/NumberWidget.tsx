import { Classes } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { UnitAction, unitPadding } from './UnitAction';
import { intentOf, widgetOptions } from './widgetOptions';

/**
 * A number with its unit (%, $, months, kWh) shown as the input's right element. Blueprint's
 * InputGroup markup drawn directly (as TextWidget): InputGroup reads its right element's width on
 * mount, a forced layout of the whole form in the first draw's commit, and sets state twice.
 */
export function NumberWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, schema } = props;
  const o = widgetOptions(props);
  const integer = schema.type === 'integer';
  const danger = intentOf(props) === 'danger';
  return (
    <div className={`${Classes.INPUT_GROUP}${danger ? ` ${Classes.INTENT_DANGER}` : ''}${disabled ? ` ${Classes.DISABLED}` : ''}${readonly ? ` ${Classes.READ_ONLY}` : ''}`}>
      <input
        id={id}
        name={props.htmlName ?? id}
        className={Classes.INPUT}
        type="number"
        step={integer ? 1 : 'any'}
        min={schema.minimum}
        max={schema.maximum}
        value={value == null ? '' : String(value)}
        disabled={disabled}
        aria-disabled={disabled}
        readOnly={readonly}
        style={unitPadding(o.unit)}
        onChange={(e) => {
          const text = e.target.value;
          const n = integer ? parseInt(text, 10) : parseFloat(text);
          onChange(text === '' || Number.isNaN(n) ? undefined : n);
        }}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <UnitAction unit={o.unit} />
    </div>
  );
}
