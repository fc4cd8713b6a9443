import { describe, expect, it } from 'vitest';
import type { PagingMarker } from '../../../src/api/emailTypes';
import { planPage } from '../../../src/server/emails/listEmails';

const marker = (page: number, perpage = 50): PagingMarker => ({ page, perpage, key: 'k', first: ['2024-01-02T00:00:00.000Z', 20], last: ['2024-01-01T00:00:00.000Z', 10] });

// docs/decisions/email-list-paging.md: pages are reached by keyset from the client's current page.
describe('planPage', () => {
  it('reads page 1 from the start', () => {
    expect(planPage(1, 50, null, 100)).toEqual({ from: 'start', offset: 0 });
  });
  it('reads the next page and the strip pages ahead by keyset after the current page', () => {
    expect(planPage(2000, 50, marker(1999), 5000)).toEqual({ from: 'after', marker: marker(1999), offset: 0 });
    expect(planPage(2003, 50, marker(1999), 5000)).toEqual({ from: 'after', marker: marker(1999), offset: 150 });
  });
  it('reads earlier pages backwards before the current page', () => {
    expect(planPage(1998, 50, marker(1999), 5000)).toEqual({ from: 'before', marker: marker(1999), offset: 0 });
  });
  it('reads the last page backwards from the end', () => {
    expect(planPage(5000, 50, marker(1), 5000)).toEqual({ from: 'end', limit: 0 });
  });
  it('falls back to an offset without a usable marker', () => {
    expect(planPage(7, 50, null, 100)).toEqual({ from: 'start', offset: 300 });
    expect(planPage(7, 50, marker(6, 10), 100)).toEqual({ from: 'start', offset: 300 });
    expect(planPage(7, 50, { ...marker(6), last: [null, 3] }, 100)).toEqual({ from: 'start', offset: 300 });
  });
});
