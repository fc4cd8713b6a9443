import { describe, expect, it } from 'vitest';
import { editorWarnings } from '../../../src/app/product/editorWarnings';
import { formatRate } from '../../../src/ui/product/formatRate';

const codes = { 'codes/state': { $id: 'codes/state', oneOf: [{ const: 5, title: 'California' }, { const: 10, title: 'Florida' }] } };

// 001 §5: confirmations before saving (warnings, not refusals).
describe('editorWarnings', () => {
  it('asks when a panelist state is outside a company’s states', () => {
    const doc = { panelists: [{ stateID: 10 }], companies: [{ companyName: 'Acme', co_states: [5] }] };
    expect(editorWarnings(doc, codes)).toEqual(['Panelist state Florida is outside the states of Acme (California).']);
  });
  it('asks when state specific is checked with states selected, and not otherwise', () => {
    expect(editorWarnings({ state_specific: true, state_province: [5] }, codes)).toEqual(['State specific is checked with State Province: California.']);
    expect(editorWarnings({ state_specific: false, state_province: [5], companies: [{ co_states: [] }] }, codes)).toEqual([]);
  });
});

describe('formatRate', () => {
  it('shows megabits per second with one decimal', () => {
    expect(formatRate(1_250_000, 1000)).toBe('10.0 Mb/s');
    expect(formatRate(0, 0)).toBe('0.0 Mb/s');
  });
});
