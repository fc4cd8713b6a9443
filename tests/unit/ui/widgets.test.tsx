// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormServicesContext, type LookupFn } from '../../../src/ui/form/FormServices';
import { STUB_REGISTRY } from '../../../src/ui/form/stubRegistry';
import { DateWidget } from '../../../src/ui/widgets/DateWidget';
import { PickerWidget } from '../../../src/ui/widgets/PickerWidget';
import { TextareaWidget } from '../../../src/ui/widgets/TextareaWidget';

afterEach(cleanup);

function props(over: Partial<WidgetProps>): WidgetProps {
  return {
    id: 'f',
    name: 'f',
    schema: { type: 'string' },
    registry: STUB_REGISTRY,
    value: undefined,
    label: 'F',
    options: {},
    onChange: () => {},
    onBlur: () => {},
    onFocus: () => {},
    ...over,
  };
}

function Stateful(p: { initial?: unknown; options: WidgetProps['options']; schema?: WidgetProps['schema']; widget: typeof DateWidget; onValue?: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(p.initial);
  const W = p.widget;
  return (
    <W
      {...props({
        value,
        options: p.options,
        schema: p.schema ?? { type: 'string' },
        onChange: (v) => {
          setValue(v);
          p.onValue?.(v);
        },
      })}
    />
  );
}

describe('DateWidget', { timeout: 30_000 }, () => {
  const services = { lookups: {}, today: '2024-07-10' };

  it('shows MM/DD/YYYY, opens its calendar on Alt+Down (not on focus), marks US holidays in red, disables future days with maxDate "today"', async () => {
    let value: unknown;
    render(
      <FormServicesContext.Provider value={services}>
        <Stateful widget={DateWidget} initial="2024-07-02" options={{ maxDate: 'today' }} onValue={(v) => (value = v)} />
      </FormServicesContext.Provider>,
    );
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('07/02/2024');
    // Until the calendar first opens, the field is its input group only: no popover is mounted (issue 31 item 7).
    expect(document.querySelector('.portal-date-anchor')).toBeNull();
    input.focus();
    fireEvent.focus(input);
    expect(screen.queryAllByRole('gridcell')).toEqual([]);
    fireEvent.keyDown(input, { key: 'ArrowDown', altKey: true });
    // The calendar's module arrives on first use (its import is transformed on demand here).
    await screen.findAllByRole('gridcell', undefined, { timeout: 20_000 });
    // The popover mounted beside the field, which is the same element as before.
    expect(document.querySelector('.portal-date-anchor')).not.toBeNull();
    expect(screen.getByRole('textbox')).toBe(input);
    const day = (n: number) =>
      screen.getAllByRole('gridcell').find((d) => d.textContent === String(n) && !d.className.includes('rdp-day_outside'))!;
    expect(day(4).className).toContain('portal-holiday');
    expect(getComputedStyle(day(4)).color).toBe('rgb(205, 66, 70)');
    expect(day(5).className).not.toContain('portal-holiday');
    expect(day(10).hasAttribute('disabled') || day(10).className.includes('rdp-day_disabled')).toBe(false);
    expect(day(11).hasAttribute('disabled') || day(11).className.includes('rdp-day_disabled')).toBe(true);
    fireEvent.click(day(3));
    expect(value).toBe('2024-07-03');
    // Picking a day closes the calendar and gives the focus back to the field.
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.value).toBe('07/03/2024');
  });

  it('takes typed MM/DD/YYYY and YYYY-MM-DD on Enter or leaving the field; keeps a text that is no date, or a future date, beside its message; Clear empties', async () => {
    let value: unknown = 'start';
    render(
      <FormServicesContext.Provider value={services}>
        <Stateful widget={DateWidget} initial="2024-07-02" options={{ clear: true, maxDate: '$now' }} onValue={(v) => (value = v)} />
      </FormServicesContext.Provider>,
    );
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1/5/2024' } });
    expect(value).toBe('start');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(value).toBe('2024-01-05');
    expect(input.value).toBe('01/05/2024');
    fireEvent.change(input, { target: { value: '2024-02-29' } });
    fireEvent.blur(input);
    expect(value).toBe('2024-02-29');

    fireEvent.change(input, { target: { value: '02/30/2024' } });
    fireEvent.blur(input);
    expect(value).toBeUndefined();
    expect(input.value).toBe('02/30/2024');
    expect(screen.getByRole('alert').textContent).toBe('Enter the date as MM/DD/YYYY');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: '12/24/2030' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(value).toBe('2030-12-24');
    expect(input.value).toBe('12/24/2030');
    expect(screen.getByRole('alert').textContent).toBe('Future dates are not allowed');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(value).toBeUndefined();
    expect(input.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens its calendar on a typed future date without a console error, the day unselected', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <FormServicesContext.Provider value={services}>
          <Stateful widget={DateWidget} initial="2030-12-24" options={{ maxDate: '$now' }} />
        </FormServicesContext.Provider>,
      );
      const input = screen.getByRole('textbox') as HTMLInputElement;
      expect(screen.getByRole('alert').textContent).toBe('Future dates are not allowed');
      fireEvent.keyDown(input, { key: 'ArrowDown', altKey: true });
      await screen.findAllByRole('gridcell', undefined, { timeout: 20_000 });
      expect(document.querySelector('.rdp-day_selected')).toBeNull();
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
      expect(input.value).toBe('12/24/2030');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('PickerWidget', { timeout: 30_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('searches after min characters and the debounce, lists results, and sets the choice (click, or arrows and Enter); no match says so', async () => {
    // Fake timers: the debounce is asserted by the clock, not by how fast the machine is.
    vi.useFakeTimers();
    const calls: string[] = [];
    const company: LookupFn = async (text) => {
      calls.push(text);
      return text === 'Zzz' ? [] : [{ value: { companyID: 7, companyName: `${text} Bank` }, label: `${text} Bank` }, { value: { companyID: 8, companyName: `${text} Trust` }, label: `${text} Trust` }];
    };
    let value: unknown;
    render(
      <FormServicesContext.Provider value={{ lookups: { company } }}>
        <Stateful widget={PickerWidget} schema={{ type: 'array' }} options={{ lookup: 'company', minChars: 2, debounce: 40 }} onValue={(v) => (value = v)} />
      </FormServicesContext.Provider>,
    );
    const input = screen.getByRole('combobox');
    const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    fireEvent.change(input, { target: { value: 'A' } });
    await wait(100);
    expect(calls).toEqual([]);
    fireEvent.change(input, { target: { value: 'Ac' } });
    await wait(39);
    fireEvent.change(input, { target: { value: 'Acme' } });
    await wait(39);
    expect(calls).toEqual([]);
    await wait(1);
    expect(calls).toEqual(['Acme']);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Bank', 'Acme Trust']);
    fireEvent.click(screen.getByText('Acme Bank'));
    expect(value).toEqual([{ companyID: 7, companyName: 'Acme Bank' }]);
    expect(screen.getByText('Acme Bank', { selector: '.bp6-tag *, .bp6-tag' })).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Acme' } });
    await wait(40);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByText('Acme Trust').id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(value).toEqual([{ companyID: 7, companyName: 'Acme Bank' }, { companyID: 8, companyName: 'Acme Trust' }]);
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.change(input, { target: { value: 'Zzz' } });
    await wait(40);
    expect(screen.getByRole('listbox').textContent).toBe('No results.');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a textarea with x-ui.counter counts past the limit (so the rule can say so); x-ui.maxLength stops typing', () => {
    let last: unknown;
    render(<Stateful widget={TextareaWidget} options={{ counter: 500 }} onValue={(v) => (last = v)} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(-1);
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    expect(last).toBe('x'.repeat(501));
    const counter = screen.getByText('501/500');
    expect(counter.className).toContain('portal-textarea-over');
    cleanup();
    render(<TextareaWidget {...props({ options: { maxLength: 6 } })} />);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).maxLength).toBe(6);
  });
});

