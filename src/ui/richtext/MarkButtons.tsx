import { Button, ButtonGroup } from '@blueprintjs/core';
import { Editor, Path, Range } from 'slate';
import { useSlateSelector, useSlateStatic } from 'slate-react';
import { toggleMark, type Mark } from './editCommands';

const marks: ReadonlyArray<{ mark: Mark; title: string }> = [
  { mark: 'bold', title: 'Bold' },
  { mark: 'italic', title: 'Italic' },
  { mark: 'underline', title: 'Underline' },
];

/** Per editor, the last answer and the caret it was for. */
const lastAnswer = new WeakMap<Editor, { path: Path; offset: number; answer: string }>();

/**
 * The marks lit, as one string: a selector runs after every change of the editor (each keystroke,
 * each caret move) inside the keystroke's frame, so the three buttons share one `Editor.marks`
 * (it walks the document to the caret's text) and the group re-renders only when the answer changes.
 * A change made only of typed text keeps the answer: inside a text (offset > 0 before and after) the
 * marks are that text's own, which inserted characters do not change.
 */
const activeMarks = (editor: Editor): string => {
  const { selection, operations } = editor;
  const last = lastAnswer.get(editor);
  if (last && last.offset > 0 && !editor.marks && selection && Range.isCollapsed(selection) && selection.anchor.offset > 0 && Path.equals(selection.anchor.path, last.path) && operations.length > 0 && operations.every((op) => op.type === 'insert_text')) return last.answer;
  const on = Editor.marks(editor);
  const answer = on ? marks.filter((m) => on[m.mark]).map((m) => m.mark).join(' ') : '';
  if (selection && Range.isCollapsed(selection)) lastAnswer.set(editor, { path: selection.anchor.path, offset: selection.anchor.offset, answer });
  else lastAnswer.delete(editor);
  return answer;
};

function MarkButton({ mark, title, active, disabled }: { mark: Mark; title: string; active: boolean; disabled?: boolean }) {
  const editor = useSlateStatic();
  return (
    <Button
      icon={mark}
      aria-label={title}
      aria-pressed={active}
      title={title}
      active={active}
      disabled={disabled}
      onMouseDown={(e) => {
        e.preventDefault();
        toggleMark(editor, mark);
      }}
    />
  );
}

/** Bold, Italic and Underline, lit while the selection (or the text typed next) has the mark. Inside <Slate>. */
export function MarkButtons({ disabled }: { disabled?: boolean }) {
  const active = useSlateSelector(activeMarks).split(' ');
  return (
    <ButtonGroup variant="minimal">
      {marks.map((m) => (
        <MarkButton key={m.mark} mark={m.mark} title={m.title} active={active.includes(m.mark)} disabled={disabled} />
      ))}
    </ButtonGroup>
  );
}
