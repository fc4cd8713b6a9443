import { Classes } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { shownText, useTextControl, type ValueSource } from './valueSource';
import { intentOf, widgetOptions } from './widgetOptions';

/**
 * The counter's text and colour for a length against its maximum, written into the text node React
 * drew (one node: React's next render of the counter then updates the same one).
 */
function showCount(counter: HTMLElement | null, length: number, max: number): void {
  const node = counter?.firstChild;
  if (!counter || !node) return;
  const text = `${length}/${max}`;
  if (node.nodeValue !== text) node.nodeValue = text;
  counter.classList.toggle('portal-textarea-over', length > max);
}

/**
 * Multi-line text; with a max length (x-ui.maxLength, x-ui.counter or schema maxLength) it shows
 * "used/max". x-ui.counter only counts: the input takes more, so the rule's own message can say
 * what is wrong (the counter turns red); x-ui.maxLength and schema maxLength stop typing at the limit.
 * Blueprint's TextArea markup drawn directly: TextArea reads its scrollHeight on mount and on every
 * change even without autoResize, a forced layout of the whole form per textarea and per keystroke.
 * Given a `valueSource` it keeps the typed text itself, as TextWidget does, and the counter follows
 * the store with it: a keystroke renders nothing.
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const o = widgetOptions(props);
  const cap = o.maxLength ?? props.schema.maxLength;
  const max = cap ?? (typeof o.counter === 'number' ? o.counter : undefined);
  const text = shownText(value);
  const counter = useRef<HTMLDivElement>(null);
  const control = useTextControl<HTMLTextAreaElement>(value, props.valueSource as ValueSource | undefined, onChange, max === undefined ? undefined : (t) => showCount(counter.current, t.length, max));
  return (
    <div className="portal-textarea">
      <textarea
        {...control}
        id={id}
        className={`${Classes.INPUT} ${Classes.TEXT_AREA} ${Classes.FILL}${intentOf(props) === 'danger' ? ` ${Classes.INTENT_DANGER}` : ''}`}
        name={props.htmlName ?? id}
        maxLength={cap}
        disabled={disabled}
        readOnly={readonly}
        rows={typeof o.rows === 'number' ? o.rows : 4}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {max !== undefined && (
        <div ref={counter} className={`portal-textarea-counter${text.length > max ? ' portal-textarea-over' : ''}`} aria-live="polite" data-testid={`${id}-counter`}>
          {`${text.length}/${max}`}
        </div>
      )}
    </div>
  );
}
