// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('shows YYYY-MM-DD, marks US holidays in red and disables future days with maxDate "today"', async () => {
    let value: unknown;
    render(
      <FormServicesContext.Provider value={services}>
        <Stateful widget={DateWidget} initial="2024-07-02" options={{ maxDate: 'today' }} onValue={(v) => (value = v)} />
      </FormServicesContext.Provider>,
    );
    const input = screen.getByRole('combobox') as HTMLInputElement;
    expect(input.value).toBe('2024-07-02');
    fireEvent.focus(input);
    await screen.findAllByRole('gridcell');
    const day = (n: number) =>
      screen.getAllByRole('gridcell').find((d) => d.textContent === String(n) && !d.className.includes('rdp-day_outside'))!;
    expect(day(4).className).toContain('portal-holiday');
    expect(getComputedStyle(day(4)).color).toBe('rgb(205, 66, 70)');
    expect(day(5).className).not.toContain('portal-holiday');
    expect(day(10).hasAttribute('disabled') || day(10).className.includes('rdp-day_disabled')).toBe(false);
    expect(day(11).hasAttribute('disabled') || day(11).className.includes('rdp-day_disabled')).toBe(true);
    fireEvent.click(day(3));
    expect(value).toBe('2024-07-03');
  });

  it('without maxDate future days stay enabled; typed dates parse as YYYY-MM-DD; Clear empties', async () => {
    let value: unknown = 'start';
    render(
      <FormServicesContext.Provider value={services}>
        <Stateful widget={DateWidget} initial="2024-07-02" options={{ clear: true }} onValue={(v) => (value = v)} />
      </FormServicesContext.Provider>,
    );
    const input = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2030-01-15' } });
    expect(value).toBe('2030-01-15');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(value).toBeUndefined();
  });
});

describe('PickerWidget', { timeout: 30_000 }, () => {
  it('searches after min characters and the debounce, lists results, and sets the choice', async () => {
    const calls: string[] = [];
    const company: LookupFn = async (text) => {
      calls.push(text);
      return [{ value: { companyID: 7, companyName: `${text} Bank` }, label: `${text} Bank` }];
    };
    let value: unknown;
    render(
      <FormServicesContext.Provider value={{ lookups: { company } }}>
        <Stateful
          widget={PickerWidget}
          schema={{ type: 'array' }}
          options={{ lookup: 'company', minChars: 2, debounce: 40 }}
          onValue={(v) => (value = v)}
        />
      </FormServicesContext.Provider>,
    );
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'A' } });
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(calls).toEqual([]);
    fireEvent.change(input, { target: { value: 'Ac' } });
    fireEvent.change(input, { target: { value: 'Acm' } });
    fireEvent.change(input, { target: { value: 'Acme' } });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toEqual([]);
    await waitFor(() => expect(screen.getByText('Acme Bank')).toBeTruthy());
    expect(calls).toEqual(['Acme']);
    fireEvent.click(screen.getByText('Acme Bank'));
    expect(value).toEqual([{ companyID: 7, companyName: 'Acme Bank' }]);
    expect(screen.getByText('Acme Bank', { selector: '.bp6-tag *, .bp6-tag' })).toBeTruthy();
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

