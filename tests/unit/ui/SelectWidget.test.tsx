// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STUB_REGISTRY } from '../../../src/ui/form/stubRegistry';
import { SelectWidget } from '../../../src/ui/widgets/SelectWidget';
import { arrowTo } from './arrowTo';

afterEach(cleanup);

const enumOptions = [
  { value: 1, label: 'Direct Mail' },
  { value: 2, label: 'Print' },
  { value: 3, label: 'Email' },
];

function Stateful({ changes }: { changes: unknown[] }) {
  const [value, setValue] = useState<unknown>(1);
  const props: WidgetProps = {
    id: 'channel', name: 'channel', schema: { type: 'integer' }, registry: STUB_REGISTRY, value, label: 'Channel', options: { enumOptions },
    onChange: (v) => {
      changes.push(v);
      setValue(v);
    },
    onBlur: () => {}, onFocus: () => {},
  };
  return <SelectWidget {...props} />;
}

describe('SelectWidget (issue 27 item 1: a choice changes the document when committed)', () => {
  it('does not change the value for each option passed with the arrow keys; Enter commits', () => {
    const changes: unknown[] = [];
    render(<Stateful changes={changes} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    arrowTo(select, '1');
    arrowTo(select, '2');
    expect(changes).toEqual([]);
    expect(select.value).toBe('2');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(changes).toEqual([3]);
  });

  it('commits a moved choice on leaving the field, and Escape goes back to the value', () => {
    const changes: unknown[] = [];
    render(<Stateful changes={changes} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    arrowTo(select, '1');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(select.value).toBe('0');
    arrowTo(select, '1');
    fireEvent.blur(select);
    expect(changes).toEqual([2]);
  });

  it('commits a pick with the mouse at once, and the empty choice clears the value', () => {
    const changes: unknown[] = [];
    render(<Stateful changes={changes} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '' } });
    expect(changes).toEqual([3, undefined]);
  });
});
