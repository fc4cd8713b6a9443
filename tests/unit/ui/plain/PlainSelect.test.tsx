// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '../../../../src/ui/dashboard/Pager';
import { PlainSelect } from '../../../../src/ui/plain/PlainSelect';
import { arrowTo } from '../arrowTo';

afterEach(cleanup);

const sizes = [10, 20, 50, 100];

describe('the dashboards\u2019 selects count a settled choice, not each option passed with the arrow keys', () => {
  it('Per page reloads once, on Enter, after arrowing past two sizes (it reloaded the list per key press)', () => {
    const chosen: number[] = [];
    render(<Pager page={1} lastPage={5} perpage={10} pageSizes={sizes} total={50} onPage={() => undefined} onPerPage={(n) => chosen.push(n)} />);
    const select = screen.getByRole('combobox', { name: 'Per page' }) as HTMLSelectElement;
    arrowTo(select, '20');
    arrowTo(select, '50');
    expect(chosen).toEqual([]);
    expect(select.value).toBe('50');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(chosen).toEqual([50]);
  });

  it('a row or bulk status passed on the way is never stored: Escape goes back, leaving the select settles', () => {
    const chosen: string[] = [];
    const options = [
      { value: 1, label: 'New' },
      { value: 2, label: 'Used' },
      { value: 3, label: 'Junk' },
    ];
    render(<PlainSelect aria-label="Status of 7" value={1} options={options} onChoose={(v) => chosen.push(v)} />);
    const select = screen.getByRole('combobox', { name: 'Status of 7' }) as HTMLSelectElement;
    arrowTo(select, '2');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(select.value).toBe('1');
    arrowTo(select, '2');
    arrowTo(select, '3');
    fireEvent.blur(select);
    expect(chosen).toEqual(['3']);
  });

  it('a pick with the mouse counts at once; while busy a choice is ignored', () => {
    const chosen: string[] = [];
    const options = [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ];
    const { rerender } = render(<PlainSelect aria-label="Points" value="a" options={options} onChoose={(v) => chosen.push(v)} />);
    const select = screen.getByRole('combobox', { name: 'Points' });
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'b' } });
    expect(chosen).toEqual(['b']);
    rerender(<PlainSelect aria-label="Points" value="a" busy options={options} onChoose={(v) => chosen.push(v)} />);
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'b' } });
    expect(chosen).toEqual(['b']);
    expect(select.getAttribute('aria-disabled')).toBe('true');
  });

});
