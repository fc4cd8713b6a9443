// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createEditor, Editor, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { Slate, withReact } from 'slate-react';
import { afterEach, describe, expect, it } from 'vitest';
import { toggleMark } from '../../../src/ui/richtext/editCommands';
import { MarkButtons } from '../../../src/ui/richtext/MarkButtons';
import type { HtmlElement } from '../../../src/ui/richtext/richTextTypes';

// 000 §2 forward editor: the body is a rich-text editor with bold, italic and underline; their
// toolbar buttons show the formatting where the caret is (as every word processor does).
afterEach(cleanup);

const doc = (): HtmlElement[] => [
  { type: 'html', tag: 'p', attrs: {}, children: [{ text: 'plain ' }, { text: 'strong', bold: true }, { text: ' both', bold: true, italic: true, underline: true }] },
];
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

function setup() {
  const editor = withHistory(withReact(createEditor())) as Editor;
  let renders = 0;
  function Counted() {
    renders++;
    return null;
  }
  render(
    <Slate editor={editor} initialValue={doc()}>
      <Counted />
      <MarkButtons />
    </Slate>,
  );
  // Slate reports changes in a microtask: let it run inside act.
  const select = (path: number[], offset: number) => act(async () => Transforms.select(editor, { path, offset }));
  return { editor, select, renders: () => renders };
}

describe('Bold / Italic / Underline buttons', () => {
  it('follow the caret as it moves between plain and formatted text', async () => {
    const { select } = setup();
    await select([0, 0], 2);
    expect([pressed('Bold'), pressed('Italic'), pressed('Underline')]).toEqual(['false', 'false', 'false']);
    await select([0, 1], 3);
    expect([pressed('Bold'), pressed('Italic'), pressed('Underline')]).toEqual(['true', 'false', 'false']);
    await select([0, 2], 2);
    expect([pressed('Bold'), pressed('Italic'), pressed('Underline')]).toEqual(['true', 'true', 'true']);
    await select([0, 0], 1);
    expect(pressed('Bold')).toBe('false');
  });

  it('light up when a mark is switched on for the text typed next, without re-rendering the rest of the editor', async () => {
    const { editor, select, renders } = setup();
    await select([0, 0], 2);
    const before = renders();
    await act(async () => toggleMark(editor, 'italic'));
    expect(pressed('Italic')).toBe('true');
    await act(async () => Editor.insertText(editor, 'x'));
    expect(pressed('Italic')).toBe('true');
    await select([0, 0], 0);
    expect(pressed('Italic')).toBe('false');
    // The buttons subscribe to the editor; a sibling under <Slate> (the editable, in RichTextEditor) is not re-rendered by them.
    expect(renders()).toBe(before);
  });

  it('show the marks of the text typed into, also when typing began at the start of a text after another', async () => {
    const { editor, select } = setup();
    const shown = () => [pressed('Bold'), pressed('Italic'), pressed('Underline')];
    const expected = () => {
      const on = Editor.marks(editor);
      return [String(!!on?.bold), String(!!on?.italic), String(!!on?.underline)];
    };
    // Inside a text, at the start of 'strong' (after plain text), at the start of ' both' (after bold text).
    for (const [path, offset] of [[[0, 1], 3], [[0, 1], 0], [[0, 2], 0]] as const) {
      await select([...path], offset);
      expect(shown()).toEqual(expected());
      for (const ch of 'xy') {
        await act(async () => Editor.insertText(editor, ch));
        expect(shown()).toEqual(expected());
      }
    }
  });
});
