import { Editor, Range } from 'slate';
import { ReactEditor } from 'slate-react';

/**
 * The editable's `onDOMBeforeInput`: a character typed at a caret the editor already knows is
 * inserted by Slate at once, and the browser's own insertion is cancelled (a cancelled event is
 * handled for slate-react, which then does nothing more with it).
 *
 * slate-react lets the browser insert plain letters itself and applies the same edit afterwards;
 * in a large email that native editing command walks the whole editable's text twice per
 * keystroke (issue 28 item 10). Before deciding, slate-react also re-reads the DOM selection and the
 * event's target range and converts both to Slate points, in case the caret moved unseen: here a
 * caret where the editor's selection is drawn says the same more cheaply. Anything else (a
 * selection, a composition, a caret the editor has not caught up with, a browser whose input events
 * cannot be cancelled) is left to slate-react.
 */
export function insertTypedText(editor: Editor, event: InputEvent): void {
  if (event.inputType !== 'insertText' || !event.data || !event.cancelable || event.isComposing) return;
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection) || ReactEditor.isComposing(editor) || ReactEditor.isReadOnly(editor)) return;
  const caret = ReactEditor.resolveDOMPoint(editor, selection.anchor);
  const dom = ReactEditor.getWindow(editor).getSelection();
  if (!caret || !dom || !dom.isCollapsed || dom.anchorNode !== caret[0] || dom.anchorOffset !== caret[1]) return;
  event.preventDefault();
  Editor.insertText(editor, event.data);
}
