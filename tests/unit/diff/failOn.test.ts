import { describe, expect, it } from 'vitest';
import { failingConditions, isFailOnCondition, type ImpactReport, type MetadataChange } from '../../../src/engine/diff';

const impact = (over: Partial<ImpactReport>): ImpactReport => ({
  total: { products: 10, changed: 0, visible: 0, saveErrors: 0, approveErrors: 0, derived: 0, examples: [] },
  byChange: [], bySector: [], approvableLost: [], approvedLost: 0, saveBroken: [], blocksShown: {}, blocksHidden: {}, evaluated: 0, evaluatedBoth: 0, seconds: 0, ...over,
  approvableLostTotal: over.approvableLostTotal ?? over.approvableLost?.length ?? 0,
  saveBrokenTotal: over.saveBrokenTotal ?? over.saveBroken?.length ?? 0,
});

describe('failingConditions', () => {
  it('holds approvable-lost only for approved products losing approval', () => {
    const lost = { id: '7', status: 2, statusTitle: 'UnApproved', sector: '87', sectorTitle: 'Banking (87)', errors: [{ rule: 'r', field: 'f', message: 'm' }] };
    expect(failingConditions(['approvable-lost'], [], impact({ approvableLost: [lost], approvedLost: 0 }))).toEqual([]);
    expect(failingConditions(['approvable-lost'], [], impact({ approvableLost: [{ ...lost, status: 1 }], approvedLost: 1 }))).toEqual(['approvable-lost: 1 approved product(s) would fail approval']);
  });

  it('holds any-impact when a product changes, save-errors when one stops saving', () => {
    const changed = impact({ total: { products: 10, changed: 2, visible: 2, saveErrors: 0, approveErrors: 0, derived: 0, examples: ['1', '2'] } });
    expect(failingConditions(['any-impact', 'save-errors'], [], changed)).toEqual(['any-impact: 2 product(s) change']);
    expect(failingConditions(['save-errors'], [], impact({ saveBroken: [{ id: '3', status: 0, statusTitle: '', sector: 'none', sectorTitle: 'No sector', errors: [] }] }))).toEqual(['save-errors: 1 product(s) would no longer save']);
  });

  it('holds any-change for changes in meaning, not for a reworded description or source', () => {
    const change = (effect: MetadataChange['effect']): MetadataChange => ({ subject: 'rule', change: 'changed', effect, id: 'r', summary: 's', details: [] });
    expect(failingConditions(['any-change'], [change('wording')], null)).toEqual([]);
    expect(failingConditions(['any-change'], [change('wording'), change('message'), change('behaviour')], null)).toEqual(['any-change: 2 change(s)']);
  });

  it('knows its condition names', () => {
    expect(['approvable-lost', 'any-impact', 'save-errors', 'any-change'].every(isFailOnCondition)).toBe(true);
    expect(isFailOnCondition('toString')).toBe(false);
  });
});
