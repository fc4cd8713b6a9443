import { describe, expect, it } from 'vitest';
import { pageStrip } from '../../../src/ui/dashboard/pageStrip';

// 000 §9 "Page number strip".
describe('pageStrip', () => {
  it('shows every page when there are at most 10', () => {
    expect(pageStrip(1, 1)).toEqual([1]);
    expect(pageStrip(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageStrip(10, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('shows pages 1 to 9 while the current page is 4 or below', () => {
    for (const p of [1, 2, 3, 4]) expect(pageStrip(p, 57)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('shows 4 pages either side of the current page after that', () => {
    expect(pageStrip(5, 57)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageStrip(20, 57)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageStrip(55, 57)).toEqual([51, 52, 53, 54, 55, 56, 57]);
  });
  it('shows the block from the tens boundary on the last page', () => {
    expect(pageStrip(57, 57)).toEqual([51, 52, 53, 54, 55, 56, 57]);
    expect(pageStrip(60, 60)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(pageStrip(11, 11)).toEqual([11]);
  });
  it('clamps out-of-range pages', () => {
    expect(pageStrip(0, 3)).toEqual([1, 2, 3]);
    expect(pageStrip(99, 12)).toEqual([11, 12]);
  });
});
