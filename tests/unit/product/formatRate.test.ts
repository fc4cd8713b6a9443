import { describe, expect, it } from 'vitest';
import { formatRate } from '../../../src/app/product/widgets/formatRate';

describe('formatRate', () => {
  it('shows megabits per second with one decimal', () => {
    expect(formatRate(1_250_000, 1000)).toBe('10.0 Mb/s');
    expect(formatRate(0, 0)).toBe('0.0 Mb/s');
  });
});
