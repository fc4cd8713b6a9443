import { describe, expect, it } from 'vitest';
import { shareUnchanged } from '../../../src/app/product/shareUnchanged';

describe('shareUnchanged (a save answer against the edited product)', () => {
  it('keeps the references of equal parts and makes new objects only where a value changed', () => {
    const prev = { a: 1, panelists: [{ id: 1 }, { id: 2 }], promotion: { promotions: [{ x: 1 }], company: 3 }, sector_draft: { sector: 9 } };
    const next = JSON.parse(JSON.stringify(prev)) as typeof prev & { product_id?: number };
    next.promotion.company = 4;
    next.product_id = 12;
    const out = shareUnchanged(prev, next);
    expect(out).toEqual(next);
    expect(out).not.toBe(prev);
    expect(out.panelists).toBe(prev.panelists);
    expect(out.sector_draft).toBe(prev.sector_draft);
    expect(out.promotion).not.toBe(prev.promotion);
    expect(out.promotion.promotions).toBe(prev.promotion.promotions);
  });

  it('answers prev itself when wholly equal, and sees removed keys, longer lists and changed kinds', () => {
    const prev = { a: [1, 2], b: { c: null as unknown }, d: 'x' };
    expect(shareUnchanged(prev, JSON.parse(JSON.stringify(prev)))).toBe(prev);
    expect(shareUnchanged(prev, { a: [1, 2], b: { c: null } })).toEqual({ a: [1, 2], b: { c: null } });
    expect(shareUnchanged(prev, { a: [1, 2], b: { c: null }, d: 'x', e: undefined })).not.toBe(prev);
    const longer = shareUnchanged(prev, { ...prev, a: [1, 2, 3] });
    expect(longer.a).toEqual([1, 2, 3]);
    expect(longer.b).toBe(prev.b);
    expect(shareUnchanged(prev, { ...prev, b: [] as unknown as { c: unknown } }).b).toEqual([]);
    expect(shareUnchanged({ a: { x: 1 } }, { a: null })).toEqual({ a: null });
  });
});
