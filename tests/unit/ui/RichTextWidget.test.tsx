// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { STUB_REGISTRY } from '../../../src/ui/form/stubRegistry';
import { loadRichTextEditor, RichTextWidget } from '../../../src/ui/widgets/RichTextWidget';

afterEach(cleanup);

const props = (over: Partial<WidgetProps> = {}): WidgetProps => ({
  id: 'body',
  name: 'body',
  schema: { type: 'string' },
  registry: STUB_REGISTRY,
  value: '<p>Dear panelist</p>',
  label: 'Body',
  options: { height: 240 },
  onChange: () => {},
  onBlur: () => {},
  onFocus: () => {},
  ...over,
});

// Issue 31 item 7: Slate is a chunk of its own, loaded by the widget (or first by its screen).
describe('RichTextWidget', () => {
  it('holds the editor’s height while its chunk loads, then edits the value', async () => {
    const { container } = render(<RichTextWidget {...props()} />);
    const placeholder = container.querySelector('[aria-busy="true"]') as HTMLElement;
    expect(placeholder.style.height).toBe('240px');
    // The chunk the widget awaits (seconds on a loaded machine, beyond waitFor's 1 s): then the swap.
    await loadRichTextEditor();
    await waitFor(() => expect(screen.getByText('Dear panelist').closest('[contenteditable]')).not.toBeNull());
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('draws the editor in its first render once its chunk was loaded', async () => {
    await loadRichTextEditor();
    const { container } = render(<RichTextWidget {...props()} />);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByText('Dear panelist').closest('[contenteditable]')).not.toBeNull();
  });

  // Issue 28 item 7 (axe): a <label for> names no contenteditable, so the box takes its field's label.
  it('names the editable box and its toolbar after the field’s label', async () => {
    await loadRichTextEditor();
    render(<RichTextWidget {...props({ label: 'Message' })} />);
    expect(screen.getByRole('textbox', { name: 'Message' }).textContent).toBe('Dear panelist');
    expect(screen.getByRole('toolbar', { name: 'Message formatting' })).not.toBeNull();
  });
});
