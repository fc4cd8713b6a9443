import { describe, expect, it } from 'vitest';
import { mergeOwnChanges } from '../../../src/app/product/mergeOwnChanges';

// docs/decisions/two-editors-on-one-product.md: after another user's later save, their copy with this editor's changes drawn over it.
describe('mergeOwnChanges', () => {
  const base = { product_id: 7, updated_at: '2026-11-29T09:00:00.000Z', product_headline: 'Old', product_comment: 'Old comment', companies: [{ companyID: 1 }], offer_expiry_date: '2026-12-31' };
  const theirs = { ...base, updated_at: '2026-11-29T09:05:00.000Z', last_worked_user: 'other', product_headline: 'Theirs', companies: [{ companyID: 1 }, { companyID: 2 }] };

  it('keeps their changes, takes mine where I changed a field, and mine where we both did', () => {
    const mine = { ...base, product_comment: 'Mine', product_headline: 'Mine too' };
    expect(mergeOwnChanges(base, mine, theirs)).toEqual({ ...theirs, product_comment: 'Mine', product_headline: 'Mine too' });
    expect(mergeOwnChanges(base, { ...base, product_comment: 'Mine' }, theirs)).toEqual({ ...theirs, product_comment: 'Mine' });
  });

  it('a field I emptied is emptied, one I left alone keeps their list, and what the server owns is theirs', () => {
    const { offer_expiry_date: _dropped, ...mine } = { ...base, updated_at: 'stale', product_id: 99 };
    const merged = mergeOwnChanges(base, mine, theirs);
    expect('offer_expiry_date' in merged).toBe(false);
    expect(merged.companies).toEqual([{ companyID: 1 }, { companyID: 2 }]);
    expect([merged.updated_at, merged.product_id, merged.last_worked_user]).toEqual([theirs.updated_at, 7, 'other']);
  });

  it('a field typed into and erased again ("not entered" either way) is no change of mine', () => {
    expect(mergeOwnChanges({ ...base, product_name: null }, { ...base, product_name: '' }, { ...theirs, product_name: 'Their name' }).product_name).toBe('Their name');
  });
});
