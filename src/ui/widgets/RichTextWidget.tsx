import type { WidgetProps } from '@rjsf/utils';
import { RichTextEditor } from '../richtext/RichTextEditor';
import { widgetOptions } from './widgetOptions';

/**
 * `x-ui.widget: "richtext"`: an HTML string edited on Slate. Options from `x-ui`: `height` (px),
 * `findReplace`, `removeLinks` and `removeLinksConfirm` (the question Remove Link asks).
 */
export function RichTextWidget(props: WidgetProps) {
  const o = widgetOptions(props);
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <RichTextEditor
      id={props.id}
      value={value}
      onChange={(html) => props.onChange(html)}
      height={typeof o.height === 'number' ? o.height : 300}
      readOnly={props.readonly || props.disabled}
      findReplace={o.findReplace === true}
      removeLinks={o.removeLinks === true}
      removeLinksConfirm={typeof o.removeLinksConfirm === 'string' ? o.removeLinksConfirm : undefined}
    />
  );
}

/** Read mode: the HTML's text (a summary never renders email HTML into the page). */
export function ReadRichText(props: WidgetProps) {
  const html = typeof props.value === 'string' ? props.value : '';
  const text = html.replace(/<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return <span className="portal-read-richtext">{text.length > 300 ? `${text.slice(0, 300)}…` : text}</span>;
}
