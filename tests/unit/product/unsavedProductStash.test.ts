// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { mergeOwnChanges } from '../../../src/app/product/mergeOwnChanges';
import { dropUnsavedProduct, peekUnsavedProduct, stashUnsavedProduct, unsavedProductMaxAgeMs } from '../../../src/app/product/unsavedProductStash';

afterEach(() => sessionStorage.clear());

describe('unsaved product kept over a session end', () => {
  const doc = { product_id: 7, product_comment: 'typed' };
  const at = Date.UTC(2026, 10, 29, 3, 0);

  it('gives the changes back only to the same user at the same address, while recent', () => {
    stashUnsavedProduct({ path: '/product?product_id=7', username: 'ann', doc, at });
    expect(peekUnsavedProduct('/product?product_id=7', 'ann', at + 60_000)).toEqual({ doc });
    expect(peekUnsavedProduct('/product?product_id=8', 'ann', at)).toBeNull();
    expect(peekUnsavedProduct('/product?product_id=7', 'bob', at)).toBeNull();
    expect(peekUnsavedProduct('/product?product_id=7', undefined, at)).toBeNull();
    expect(peekUnsavedProduct('/product?product_id=7', 'ann', at + unsavedProductMaxAgeMs + 1)).toBeNull();
  });

  it('keeps them until an editor drops them, and ignores what it cannot read', () => {
    stashUnsavedProduct({ path: '/addproduct', username: 'ann', doc, at });
    expect(peekUnsavedProduct('/addproduct', 'ann', at)).toEqual({ doc });
    expect(peekUnsavedProduct('/addproduct', 'ann', at)).toEqual({ doc });
    dropUnsavedProduct();
    expect(peekUnsavedProduct('/addproduct', 'ann', at)).toBeNull();
    sessionStorage.setItem('portal.unsavedProduct', '{not json');
    expect(peekUnsavedProduct('/addproduct', 'ann', at)).toBeNull();
  });

  it('keeps the copy the changes were made on, so only they are drawn over the product as it is when the user is back', () => {
    const base = { product_id: 7, product_comment: '', product_headline: 'Old' };
    stashUnsavedProduct({ path: '/product?product_id=7', username: 'ann', doc: { ...base, product_comment: 'typed' }, base, at });
    const kept = peekUnsavedProduct('/product?product_id=7', 'ann', at)!;
    expect(kept).toEqual({ doc: { ...base, product_comment: 'typed' }, base });
    // Another user's headline meanwhile stays; the typed comment comes back.
    expect(mergeOwnChanges(kept.base!, kept.doc, { ...base, product_headline: 'Theirs' })).toEqual({ ...base, product_headline: 'Theirs', product_comment: 'typed' });
  });
});
