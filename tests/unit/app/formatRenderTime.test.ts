import { describe, expect, it } from 'vitest';
import { formatRenderTime } from '../../../src/ui/shell/formatRenderTime';

describe('formatRenderTime', () => {
  it('shows whole milliseconds', () => {
    expect(formatRenderTime(0)).toBe('rendered in 0 ms');
    expect(formatRenderTime(41.6)).toBe('rendered in 42 ms');
    expect(formatRenderTime(9_999.4)).toBe('rendered in 9999 ms');
  });

  it('switches to seconds from 10 s', () => {
    expect(formatRenderTime(12_345)).toBe('rendered in 12.3 s');
  });

  it('shows nothing for a value that is not a duration', () => {
    expect(formatRenderTime(-1)).toBe('');
    expect(formatRenderTime(Number.NaN)).toBe('');
    expect(formatRenderTime(Number.POSITIVE_INFINITY)).toBe('');
  });
});
