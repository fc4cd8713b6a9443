import { Classes } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { widgetOptions } from './widgetOptions';

type RichTextModule = typeof import('../richtext/RichTextEditor');
let loaded: RichTextModule | null = null;

/**
 * The rich-text editor and Slate (~0.5 MB of source), a chunk of its own: the product editor's
 * form, which shares this registry, has no rich-text field (issue 31 item 7: its first load). A
 * screen whose form has one loads it beside its own chunk (src/app/routes.tsx), so it draws at once.
 */
export function loadRichTextEditor(): Promise<RichTextModule> {
  return import('../richtext/RichTextEditor').then((m) => (loaded = m));
}

/**
 * `x-ui.widget: "richtext"`: an HTML string edited on Slate. Options from `x-ui`: `height` (px),
 * `findReplace`, `removeLinks` and `removeLinksConfirm` (the question Remove Link asks). Until the
 * editor's chunk is in (only when the screen did not load it first), a placeholder of its height.
 */
export function RichTextWidget(props: WidgetProps) {
  const o = widgetOptions(props);
  const value = typeof props.value === 'string' ? props.value : '';
  const height = typeof o.height === 'number' ? o.height : 300;
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadRichTextEditor().then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, [module]);
  if (!module) return <div className={Classes.SKELETON} style={{ height }} aria-busy="true" />;
  return (
    <module.RichTextEditor
      id={props.id}
      label={props.label}
      value={value}
      onChange={(html) => props.onChange(html)}
      height={height}
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
