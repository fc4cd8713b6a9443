import { fireEvent } from '@testing-library/react';

/**
 * An arrow key on a closed native select. jsdom does not move a select on arrow keys: each step is the
 * keydown then the change event Chromium sends, the value moving to `value` at once.
 */
export function arrowTo(select: HTMLElement, value: string): void {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
}
