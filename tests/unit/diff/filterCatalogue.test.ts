import { describe, expect, it } from 'vitest';
import type { RuleCatalogue } from '../../../src/api/rulesTypes';
import { filterCatalogue, ruleKinds } from '../../../src/app/rules/filterCatalogue';

const cat: RuleCatalogue = {
  version: 'v',
  rules: [
    { id: 'delivery.visible', kind: 'visible', target: 'delivery', targetLabel: 'Delivery', words: 'Delivery shows when Media Channel is Direct Mail (1)', actions: [], source: '002 §2', file: 'rules/product/visibility.json', jsonPath: '$.rules[9]' },
    { id: 'promotion.form.type_required', kind: 'required', target: 'promotion.form.promotion_type', targetLabel: 'Promotion Type', words: 'Promotion Type is required to promotion save', message: 'Please select promotion type!', actions: ['promotion_save'], source: '002 §5', file: 'rules/product/promotions.json', jsonPath: '$.rules[0]' },
  ],
  codeTables: [
    { id: 'codes/media_channel', title: 'Media channel', type: 'integer', source: '001 §9', file: 'schemas/codes/media_channel.json', sample: false, usedBy: ['media_channel'], entries: [
      { const: 1, title: 'Direct Mail', sample: false, extra: {} },
      { const: 2, title: 'Print', sample: false, extra: {} },
    ] },
  ],
};

describe('filterCatalogue', () => {
  it('matches every word anywhere in a rule: id, plain words, message, source', () => {
    expect(filterCatalogue(cat, 'direct mail').rules.map((r) => r.id)).toEqual(['delivery.visible']);
    expect(filterCatalogue(cat, 'PLEASE select').rules.map((r) => r.id)).toEqual(['promotion.form.type_required']);
    expect(filterCatalogue(cat, '002 §5').rules.map((r) => r.id)).toEqual(['promotion.form.type_required']);
    expect(filterCatalogue(cat, 'delivery promotion').rules).toEqual([]);
    expect(filterCatalogue(cat, '').rules).toHaveLength(2);
  });

  it('filters by kind', () => {
    expect(filterCatalogue(cat, '', 'required').rules.map((r) => r.id)).toEqual(['promotion.form.type_required']);
    expect(ruleKinds(cat)).toEqual(['required', 'visible']);
  });

  it('keeps a whole table found by its name, only the matching codes when found by a code', () => {
    expect(filterCatalogue(cat, 'media channel').codeTables[0].entries).toHaveLength(2);
    expect(filterCatalogue(cat, 'print').codeTables[0].entries.map((e) => e.title)).toEqual(['Print']);
    expect(filterCatalogue(cat, 'nothing-like-this').codeTables).toEqual([]);
  });
});
