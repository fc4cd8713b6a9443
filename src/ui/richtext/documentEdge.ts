import { Editor, Element, Text, type Point } from 'slate';
import type { HtmlElement } from './richTextTypes';

/**
 * The first or last point a reviewer can type at: the document's first or last text outside a
 * `<style>` block and a void (an image), which are drawn uneditable. Ctrl+Home / Ctrl+End go there
 * (RichTextEditor): Chrome's own move in a table email leaves the DOM caret on an element, not in a
 * text, and slate-react then put the first typed character at the end and every later one at the
 * start of the document.
 */
export function documentEdge(editor: Editor, edge: 'start' | 'end'): Point {
  const closed = (n: unknown) => Element.isElement(n) && ((n as HtmlElement).tag === 'style' || editor.isVoid(n));
  for (const [node, path] of Editor.nodes(editor, { at: [], match: Text.isText, reverse: edge === 'end', voids: false })) {
    if (Editor.above(editor, { at: path, match: closed, voids: true })) continue;
    return { path, offset: edge === 'end' ? (node as Text).text.length : 0 };
  }
  return edge === 'end' ? Editor.end(editor, []) : Editor.start(editor, []);
}
