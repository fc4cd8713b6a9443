import { describe, expect, it } from 'vitest';
import { describeLogic } from '../../../src/engine';
import { directMail, miniEngine, miniMetadata } from './miniMetadata';

describe('engine.explain', () => {
  const engine = miniEngine();

  it('says why a block is hidden, with the actual var values', () => {
    const ex = engine.explain({ ...directMail(), media_channel: 2 }, 'delivery');
    expect(ex.kind).toBe('block');
    expect(ex.trace).toBe('Delivery hidden: rule delivery.visible: Media Channel is Print (2), needs: Media Channel is Direct Mail (1)');
    expect(ex.rules.map((r) => [r.id, r.source, r.outcome])).toEqual([['delivery.visible', '002 §2', false]]);
  });

  it('annotates every var and sub-expression of the rule tree with its value', () => {
    const ex = engine.explain({ ...directMail(), media_channel: 2 }, 'delivery');
    const channel = { '==': [{ var: 'media_channel' }, 1] };
    const audience = { in: [{ var: 'audience' }, [1, 2, 5]] };
    expect(ex.rules[0].trees.when).toEqual({
      op: 'and', value: false, logic: { and: [channel, audience] }, args: [
        { op: '==', value: false, logic: channel, args: [{ op: 'var', var: 'media_channel', value: 2 }, { literal: true, value: 1 }] },
        { op: 'in', value: true, logic: audience, args: [{ op: 'var', var: 'audience', value: 1 }, { literal: true, value: [1, 2, 5] }] },
      ],
    });
  });

  it('names the hidden parent of a block and the block of a field', () => {
    const doc = { ...directMail(), media_channel: 2 };
    expect(engine.explain(doc, 'delivery_details').trace.split('\n')[0]).toBe('Delivery details hidden: parent block delivery (Delivery) is hidden');
    const field = engine.explain(doc, 'delivery.postage').trace.split('\n');
    expect(field[0]).toBe('Postage hidden: block delivery_details (Delivery details) is hidden');
    expect(field).toContain('    Delivery hidden: rule delivery.visible: Media Channel is Print (2), needs: Media Channel is Direct Mail (1)');
  });

  it('explains errors, options and item fields', () => {
    const expiry = engine.explain({ ...directMail(), offer_expiry_date: '2024-04-01' }, 'offer_expiry_date', { action: 'save' });
    expect(expiry.trace).toContain('Offer Expiry Date error (dates.expiry): Offer Expiry date 2024-04-01 cannot be older than Entry Date 2024-05-01');
    expect(expiry.rules[0].why).toContain('Offer Expiry Date is 2024-04-01, Entry Date is 2024-05-01, needs: Offer Expiry Date is not before Entry Date');
    const origin = engine.explain({ ...directMail(), sectors: [[{ id: 87 }]] }, 'offer_origin');
    expect(origin.trace).toContain('Offer Origin options: rule offer_origin.by_sector keeps 2 of 3: Existing relationship (1), Prospect (2)');
    const buy = engine.explain({ ...directMail(), promotion: { promotions: [{ bogo: 0 }] } }, 'promotion.promotions.0.buy_x');
    expect(buy.trace).toBe('Buy X hidden: rule promotion.buy_x.visible: BOGO is 0, needs: BOGO is 1');
  });
});

describe('describeLogic', () => {
  it('uses field titles and code titles', () => {
    const md = miniMetadata();
    const gate = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 5]] }] };
    expect(describeLogic(gate, md)).toBe('Media Channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2), Audience 5 (5)');
  });

  it('names sector chains by code titles and negations in words', () => {
    const engine = miniEngine();
    expect(engine.describe({ chain_has: [{ var: 'sectors' }, [4, 454, 506]] })).toBe('any chain of Sector/Category starts with Insurance (4) > Hospital / Medical Group (454) > Dental (506)');
    expect(engine.describe({ '!': { in: [{ var: 'media_channel' }, [1, 2]] } })).toBe('Media Channel is none of Direct Mail (1), Print (2)');
    expect(engine.describe({ or: [{ empty: { var: 'product_name' } }, { date_gt: [{ var: 'entry_date' }, { var: '$now' }] }] })).toBe('Product Name is empty or Entry Date is after today');
  });
});
