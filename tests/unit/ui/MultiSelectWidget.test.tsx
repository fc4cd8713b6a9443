// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STUB_REGISTRY } from '../../../src/ui/form/stubRegistry';
import { MultiSelectWidget } from '../../../src/ui/widgets/MultiSelectWidget';

afterEach(cleanup);

const enumOptions = [
  { value: 5, label: 'California' },
  { value: 6, label: 'Colorado' },
];

function States(p: { initial?: unknown[]; errors?: string[]; onValue?: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(p.initial);
  const props: WidgetProps = {
    id: 'states',
    name: 'states',
    schema: { type: 'array' },
    registry: STUB_REGISTRY,
    value,
    label: 'States',
    options: { enumOptions },
    rawErrors: p.errors,
    onChange: (v: unknown) => {
      setValue(v);
      p.onValue?.(v);
    },
    onBlur: () => {},
    onFocus: () => {},
  };
  return <MultiSelectWidget {...props} />;
}

/** The closed control's markup without Blueprint's generated listbox id. */
const closedMarkup = (el: Element) => el.outerHTML.replace(/ aria-controls="[^"]*"/, '');

describe('MultiSelectWidget (issue 31 item 7: first draw)', () => {
  it('draws an untouched empty list as the closed MultiSelect markup, then the real control on focus, keeping the focus', () => {
    const { container } = render(<States errors={['Required']} />);
    const standIn = closedMarkup(container.firstElementChild!);
    expect(container.querySelector('.bp6-popover-target')).not.toBeNull();
    act(() => screen.getByRole('combobox').querySelector('input')!.focus());
    // The real control: the same closed markup (but for the focus class), and its own input has the focus.
    expect(closedMarkup(container.firstElementChild!).replace(' bp6-active', '')).toBe(standIn.replace(' readonly=""', ''));
    expect(document.activeElement).toBe(container.querySelector('#states'));
    expect(container.querySelector('#states')!.hasAttribute('readonly')).toBe(false);
  });

  it('picks from the filtered menu once focused, and keeps the real control when the last chip goes', () => {
    let value: unknown;
    render(<States onValue={(v) => (value = v)} />);
    fireEvent.focus(screen.getByRole('combobox').querySelector('input')!);
    const input = document.getElementById('states') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Calif' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['California']);
    fireEvent.click(screen.getByText('California'));
    expect(value).toEqual([5]);
    fireEvent.click(screen.getByText('California', { selector: '.bp6-tag *' }).closest('.bp6-tag')!.querySelector('button')!);
    expect(value).toEqual([]);
    expect(document.getElementById('states')).toBe(input);
  });

  it('draws chips with the real control at once', () => {
    render(<States initial={[6]} />);
    expect(screen.getByText('Colorado').closest('.bp6-tag')).not.toBeNull();
  });

  it("names each chip's remove button after its value, not 'Remove tag' on every chip (patches/@blueprintjs+core)", () => {
    let value: unknown;
    render(<States initial={[5, 6]} onValue={(v) => (value = v)} />);
    expect(screen.queryByRole('button', { name: 'Remove tag' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Colorado' }));
    expect(value).toEqual([5]);
    expect(screen.getByRole('button', { name: 'Remove California' })).not.toBeNull();
  });
});

describe('MultiSelectWidget: Escape', () => {
  it('closes an open list and goes no further; with the list closed it reaches what holds the field (a dialog closes)', () => {
    const seen: string[] = [];
    render(
      <div onKeyDown={(e) => e.key === 'Escape' && seen.push(e.key)}>
        <States />
      </div>,
    );
    const input = () => document.getElementById('states') as HTMLInputElement;
    act(() => screen.getByRole('combobox').querySelector('input')!.focus());
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(seen).toEqual([]);
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(seen).toEqual(['Escape']);
    expect(document.activeElement).toBe(input());
  });
});
