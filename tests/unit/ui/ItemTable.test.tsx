// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ItemTable } from '../../../src/ui/widgets/ItemTable';

afterEach(cleanup);

function List({ initial }: { initial: string[] }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <ItemTable<string> label="Things" items={items} name={(s) => s} columns={[{ title: 'Thing', cell: (s) => s }]} reorder onChange={setItems} />
      <button type="button" onClick={() => setItems((xs) => [...xs, `item ${xs.length + 1}`])}>
        Add
      </button>
      <output>{items.join(',')}</output>
    </>
  );
}

const shown = () => screen.getByRole('status').textContent;

describe('ItemTable', () => {
  it('moves and removes rows in the list as it is now, also from rows drawn before an item was added', () => {
    render(<List initial={['a', 'b']} />);
    expect((screen.getByRole('button', { name: 'Up a' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Down b' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // b is no longer last: its Down is enabled; the new last row's is not.
    expect((screen.getByRole('button', { name: 'Down b' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Down item 3' }) as HTMLButtonElement).disabled).toBe(true);
    // Row a's buttons show what they showed before the add; they act on the three items.
    fireEvent.click(screen.getByRole('button', { name: 'Down a' }));
    expect(shown()).toBe('b,a,item 3');
    fireEvent.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(shown()).toBe('a,item 3');
    fireEvent.click(screen.getByRole('button', { name: 'Up item 3' }));
    expect(shown()).toBe('item 3,a');
  });
});
