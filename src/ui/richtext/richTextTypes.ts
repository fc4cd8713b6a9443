import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/** An HTML element's tag and attributes, as found in the source (already sanitised). */
export interface HtmlWrap {
  tag: string;
  attrs: Record<string, string>;
}

/**
 * Every HTML element becomes one Slate element carrying its tag and attributes, so serialising
 * gives back the same markup (tables, fonts, colours). `tag: ''` is an anonymous block that groups
 * the inline run of a block with mixed content; it serialises to nothing but its children.
 * Links and images are inline elements (an image alone in its block is a block void, drawn inline);
 * `wrap` holds the inline formatting elements around them.
 */
export interface HtmlElement {
  type: 'html';
  tag: string;
  attrs: Record<string, string>;
  inline?: boolean;
  void?: boolean;
  /** Inline formatting elements around an inline element (outermost first). */
  wrap?: HtmlWrap[];
  /** The text of a <style> block (kept, never applied inside the portal). */
  css?: string;
  children: Array<HtmlElement | HtmlText>;
}

/** Text with its inline formatting elements (outermost first) and the editor's own marks. */
export interface HtmlText {
  text: string;
  wrap?: HtmlWrap[];
  bold?: true;
  italic?: true;
  underline?: true;
  /** Find-and-replace highlight (a decoration, never stored). */
  found?: true;
  /** The match Next moved to, drawn apart from the others. */
  current?: true;
}

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: HtmlElement;
    Text: HtmlText;
  }
}

export type RichNode = HtmlElement | HtmlText;
