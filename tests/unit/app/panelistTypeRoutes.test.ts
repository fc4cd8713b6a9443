import { describe, expect, it } from 'vitest';
import { panelistTypeLabel, panelistTypeRoutes } from '../../../src/app/panelistTypeRoutes';

describe('panelistTypeLabel', () => {
  it('names the tabs as 000 §2 does', () => {
    expect(panelistTypeRoutes.map(panelistTypeLabel)).toEqual([
      'All', 'Producer Panelists', 'Consumer Panelists', 'Mortgage Broker Panelists', 'Provider Panelists',
    ]);
  });
});
