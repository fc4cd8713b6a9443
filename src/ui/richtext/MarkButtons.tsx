import { Button, ButtonGroup } from '@blueprintjs/core';
import { Editor } from 'slate';
import { useSlateSelector, useSlateStatic } from 'slate-react';
import { toggleMark, type Mark } from './editCommands';

const marks: ReadonlyArray<{ mark: Mark; title: string }> = [
  { mark: 'bold', title: 'Bold' },
  { mark: 'italic', title: 'Italic' },
  { mark: 'underline', title: 'Underline' },
];

/**
 * The marks lit, as one string: a selector runs after every change of the editor (each keystroke,
 * each caret move) inside the keystroke's frame, so the three buttons share one `Editor.marks`
 * (it walks the document to the caret's text) and the group re-renders only when the answer changes.
 */
const activeMarks = (editor: Editor): string => {
  const on = Editor.marks(editor);
  return on ? marks.filter((m) => on[m.mark]).map((m) => m.mark).join(' ') : '';
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
