import type { WidgetProps } from '@rjsf/utils';
import { widgetOptions } from './widgetOptions';

/** A value shown as a link when `x-ui.href` gives a pattern (`{value}` is replaced), else as text. */
export function LinkWidget(props: WidgetProps) {
  const { id, value } = props;
  const href = widgetOptions(props).href;
  const text = value == null ? '' : String(value);
  if (!text) return <span id={id} />;
  return typeof href === 'string' ? (
    <a id={id} href={href.replace('{value}', encodeURIComponent(text))} target="_blank" rel="noreferrer">
      {text}
    </a>
  ) : (
    <span id={id}>{text}</span>
  );
}
