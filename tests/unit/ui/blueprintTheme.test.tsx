// @vitest-environment jsdom
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blueprintReadTheme, blueprintTheme } from '../../../src/ui/form/theme/blueprintTheme';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  title: 'Energy',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name' },
    rate: { type: 'number', title: 'Rate' },
    channel: { title: 'Channel', type: 'integer', oneOf: [{ const: 1, title: 'Direct Mail' }, { const: 2, title: 'Print' }] },
    states: { title: 'States', type: 'array', uniqueItems: true, items: { type: 'integer', oneOf: [{ const: 5, title: 'California' }, { const: 6, title: 'Colorado' }] } },
    flag: { title: 'Flag', type: 'integer' },
    when: { title: 'When', type: 'string', format: 'date' },
  },
};
const uiSchema: UiSchema = {
  rate: { 'ui:widget': 'number', 'ui:options': { unit: '$' } },
  states: { 'ui:widget': 'chips' },
  flag: { 'ui:widget': 'checkbox', 'ui:options': { checkboxLabel: 'Yes' } },
};

describe('RJSF 6 theme on Blueprint', { timeout: 30_000 }, () => {
  it('renders a stock RJSF Form with the registry widgets and Blueprint templates', () => {
    const ThemedForm = withTheme(blueprintTheme);
    let data: Record<string, unknown> = {};
    render(
      <ThemedForm
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={{ states: [5] }}
        onChange={(e) => (data = e.formData)}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Energy' })).toBeTruthy();
    const name = screen.getByLabelText(/Name/) as HTMLInputElement;
    expect(name.classList.contains('bp6-input')).toBe(true);
    expect(name.closest('.bp6-form-group')!.querySelector('.portal-required')).not.toBeNull();
    fireEvent.change(name, { target: { value: 'Acme' } });
    expect(data.name).toBe('Acme');
    expect(screen.getByText('$')).toBeTruthy();
    const channel = screen.getByLabelText('Channel') as HTMLSelectElement;
    expect([...channel.options].map((o) => o.text)).toEqual(['Select One', 'Direct Mail', 'Print']);
    expect(screen.getByText('California').closest('.bp6-tag')).not.toBeNull();
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(data.flag).toBe(1);
    expect((screen.getByLabelText('When') as HTMLInputElement).placeholder).toBe('MM/DD/YYYY');
  });

  it('the read theme shows the same data as text', () => {
    const ReadForm = withTheme(blueprintReadTheme);
    render(
      <ReadForm
        schema={schema}
        uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        validator={validator}
        formData={{ name: 'Acme', channel: 2, flag: 1, when: '2024-05-01', rate: 3 }}
      />,
    );
    expect(screen.getByText('Print')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('05/01/2024')).toBeTruthy();
    expect(screen.getByText('$3')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
