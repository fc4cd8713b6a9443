import { Editor, Element, Node, Range, Text, type Point } from 'slate';
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
  const dom = ReactEditor.getWindow(editor).getSelection();
  if (!dom || !dom.isCollapsed || !caretDrawnAt(editor, selection.anchor, dom)) return;
  event.preventDefault();
  if (insertsWhereTyped(editor, selection.anchor)) editor.apply({ type: 'insert_text', path: selection.anchor.path, offset: selection.anchor.offset, text: event.data });
  else Editor.insertText(editor, event.data);
}

/**
 * Whether Slate's insertText would insert at `point` itself, so the operation can be applied directly: no pending
 * marks, and the point is inside its text or at the end of a block's last text (Slate moves a point at the edge of
 * an inline or of a neighbouring text by their affinities). The caret's text is drawn as one string (caretDrawnAt),
 * so it is not a void's, and no element here is read-only. Editor.insertText asks all that by walking up the
 * document from the point again (its insertion point, void and read-only checks) on every keystroke.
 */
function insertsWhereTyped(editor: Editor, point: Point): boolean {
  if (editor.marks) return false;
  const text = Node.get(editor, point.path);
  if (!Text.isText(text) || point.offset === 0 || point.offset > text.text.length) return false;
  if (point.offset < text.text.length) return true;
  const parent = Node.parent(editor, point.path);
  return Element.isElement(parent) && !editor.isInline(parent) && parent.children[parent.children.length - 1] === text;
}

/**
 * Whether the DOM caret sits at `point` in a text drawn as one string (no decorations, no mark
 * placeholder: the usual text), whose DOM offsets are then the node's. It asks the DOM around the
 * caret rather than resolving the point (`ReactEditor.resolveDOMPoint` first asks Slate whether the
 * point is in a void, a walk up the document with an options object per level: a tenth of a
 * keystroke's script in a table email). Anything else answers false and is left to slate-react.
 */
function caretDrawnAt(editor: Editor, point: Point, dom: Selection): boolean {
  const caret = dom.anchorNode;
  const string = caret?.nodeType === 3 ? caret.parentElement : null;
  if (!string?.hasAttribute('data-slate-string') || string.childNodes.length !== 1 || dom.anchorOffset !== point.offset) return false;
  const text = string.closest('[data-slate-node="text"]');
  if (!text || text.querySelectorAll('[data-slate-string], [data-slate-zero-width]').length !== 1) return false;
  try {
    return ReactEditor.toSlateNode(editor, text) === Node.get(editor, point.path);
  } catch {
    // A DOM node the editor did not draw, or a path no longer in the document.
    return false;
  }
}
