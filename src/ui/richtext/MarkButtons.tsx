import { Button, ButtonGroup } from '@blueprintjs/core';
import { useCallback } from 'react';
import type { Editor } from 'slate';
import { useSlateSelector, useSlateStatic } from 'slate-react';
import { isMarkActive, toggleMark, type Mark } from './editCommands';

const marks: ReadonlyArray<{ mark: Mark; title: string }> = [
  { mark: 'bold', title: 'Bold' },
  { mark: 'italic', title: 'Italic' },
  { mark: 'underline', title: 'Underline' },
];

function MarkButton({ mark, title, disabled }: { mark: Mark; title: string; disabled?: boolean }) {
  const editor = useSlateStatic();
  // Re-run after every change of the editor (typing, moving the caret); this button re-renders only
  // when its answer changes, never the editor.
  const active = useSlateSelector(useCallback((e: Editor) => isMarkActive(e, mark), [mark]));
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
  return (
    <ButtonGroup variant="minimal">
      {marks.map((m) => (
        <MarkButton key={m.mark} mark={m.mark} title={m.title} disabled={disabled} />
      ))}
    </ButtonGroup>
  );
}
