import { Classes } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { intentOf, widgetOptions } from './widgetOptions';

/**
 * Multi-line text; with a max length (x-ui.maxLength, x-ui.counter or schema maxLength) it shows
 * "used/max". x-ui.counter only counts: the input takes more, so the rule's own message can say
 * what is wrong (the counter turns red); x-ui.maxLength and schema maxLength stop typing at the limit.
 * Blueprint's TextArea markup drawn directly: TextArea reads its scrollHeight on mount and on every
 * change even without autoResize, a forced layout of the whole form per textarea and per keystroke.
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const o = widgetOptions(props);
  const cap = o.maxLength ?? props.schema.maxLength;
  const max = cap ?? (typeof o.counter === 'number' ? o.counter : undefined);
  const text = value == null ? '' : String(value);
  return (
    <div className="portal-textarea">
      <textarea
        id={id}
        className={`${Classes.INPUT} ${Classes.TEXT_AREA} ${Classes.FILL}${intentOf(props) === 'danger' ? ` ${Classes.INTENT_DANGER}` : ''}`}
        name={props.htmlName ?? id}
        value={text}
        maxLength={cap}
        disabled={disabled}
        readOnly={readonly}
        rows={typeof o.rows === 'number' ? o.rows : 4}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {max !== undefined && (
        <div className={`portal-textarea-counter${text.length > max ? ' portal-textarea-over' : ''}`} aria-live="polite" data-testid={`${id}-counter`}>
          {text.length}/{max}
        </div>
      )}
    </div>
  );
}
