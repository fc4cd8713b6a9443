// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { WhyButton } from '../../../src/ui/why/WhyButton';
import { WhyProvider } from '../../../src/ui/why/WhyContext';
import { plainWhy } from '../../../src/ui/why/plainWhy';
import { whySummary } from '../../../src/ui/why/whySummary';
import { miniMetadata } from './miniMetadata';

afterEach(cleanup);
const engine = createEngine(miniMetadata(), { now: () => '2024-06-30' });

describe('Why?', () => {
  it('draws the closed Why? as Blueprint\'s minimal small button, its icon at once (issue 31 item 7: first draw)', () => {
    render(
      <WhyProvider engine={engine} document={{ media_channel: 2, audience: 1 }}>
        <WhyButton target="delivery" />
      </WhyProvider>,
    );
    const button = screen.getByRole('button', { name: 'Why? (delivery)' });
    expect(new Set(button.className.split(' '))).toEqual(new Set(['bp6-button', 'bp6-small', 'bp6-minimal', 'portal-why-button']));
    expect([button.getAttribute('aria-expanded'), button.getAttribute('aria-haspopup'), button.tabIndex, button.parentElement?.className]).toEqual(['false', 'menu', -1, 'bp6-popover-target']);
    expect(button.querySelector('.bp6-icon-help svg[data-icon="help"] path')).not.toBeNull();
  });

  it('shows which rule hides a block and the values it saw', () => {
    render(
      <WhyProvider engine={engine} document={{ media_channel: 2, audience: 1 }}>
        <WhyButton target="delivery" />
      </WhyProvider>,
    );
    expect(screen.queryByTestId('why-panel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Why? (delivery)' }));
    const panel = screen.getByTestId('why-panel');
    expect(panel.textContent).toContain('Hidden');
    expect(panel.textContent).toContain('Delivery hidden: rule delivery.visible: Media Channel is Print (2), needs: Media Channel is Direct Mail (1)');
    expect(panel.textContent).toContain('Media Channel is Direct Mail (1) and Audience is one of Consumer (1)');
    expect(screen.getByRole('link', { name: 'delivery.visible' }).getAttribute('href')).toBe('/rules?q=delivery.visible');
  });

  it('shows why a field is required and invalid for the action', () => {
    render(
      <WhyProvider engine={engine} document={{ media_channel: 1, audience: 1, entry_date: '2024-07-04' }} action="save">
        <WhyButton target="entry_date" />
      </WhyProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Why? (entry_date)' }));
    const text = screen.getByTestId('why-panel').textContent ?? '';
    expect(text).toContain('Required');
    expect(text).toContain('1 error');
    expect(text).toContain('Entry Date cannot be in the future');
  });

  it('speaks plain words first (no rule ids, code numbers, templates or arrows), the rules folded for analysts (issue 27 item 8)', () => {
    render(
      <WhyProvider engine={engine} document={{ media_channel: 2, audience: 1 }}>
        <WhyButton target="delivery.delivery_method" />
      </WhyProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Why? (delivery.delivery_method)' }));
    const plain = screen.getByRole('list', { name: 'Why, in plain words' });
    const lines = [...plain.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual(['Hidden because its section Delivery is hidden.', 'Delivery: hidden because Media Channel is Print; shown when Media Channel is Direct Mail.']);
    for (const line of lines) expect(line).not.toMatch(/[{}]|->|\(\d+\)|\w\.\w/);
    const analysts = screen.getByText('For analysts: rules and values').closest('details')!;
    expect(analysts.open).toBe(false);
    expect(analysts.textContent).toContain('rule delivery.visible');
  });

  it('merges identical explanations and says an error in its message', () => {
    const ex = engine.explain({ media_channel: 1, audience: 1, entry_date: '2024-07-04' }, 'entry_date', { action: 'save' });
    const lines = plainWhy(ex);
    expect(lines).toContain('Entry Date cannot be in the future');
    expect(lines.filter((l) => l.startsWith('Required to save')).length).toBe(1);
    const twice = plainWhy({ ...ex, rules: [...ex.rules, ...ex.rules] });
    expect(twice).toEqual(lines);
  });

  it('renders nothing without an engine to ask', () => {
    const { container } = render(<WhyButton target="delivery" />);
    expect(container.innerHTML).toBe('');
  });

  it('summarises the state in words', () => {
    const ex = engine.explain({ media_channel: 1, audience: 1 }, 'delivery.delivery_method', { action: 'approve' });
    expect(whySummary(ex).badges.map((b) => b.text)).toEqual(['Shown', 'Required', '1 error']);
  });
});
