import { describe, expect, it } from 'vitest';
import type { ViewModel } from '../../../src/engine';
import { directMail, miniEngine } from './miniMetadata';

const comparable = (vm: ViewModel) => ({ blocks: vm.blocks, fields: vm.fields, visible: vm.visible, errors: vm.errors });

describe('engine.evaluateIncremental (dependency graph from each rule\'s vars)', () => {
  const engine = miniEngine();
  const kindOf = (id: string) => engine.rules.find((r) => r.id === id)!.kind;

  it('an edit to an unrelated field re-runs no visibility rule', () => {
    const doc = directMail();
    const vm = engine.evaluate(doc, { action: 'save' });
    expect(engine.lastRun.ruleIds.filter((id) => kindOf(id) === 'visible').length).toBeGreaterThan(0);
    const edited = { ...doc, product_name: 'Platinum Rewards' };
    const next = engine.evaluateIncremental(vm, edited, ['product_name'], { action: 'save' });
    expect(engine.lastRun.ruleIds.filter((id) => kindOf(id) === 'visible')).toEqual([]);
    expect(comparable(next)).toEqual(comparable(engine.evaluate(edited, { action: 'save' })));
  });

  it('re-runs exactly the rules reading the changed path', () => {
    const doc = directMail();
    const vm = engine.evaluate(doc);
    const edited = { ...doc, delivery: { ...doc.delivery, delivery_method: 2 } };
    const next = engine.evaluateIncremental(vm, edited, ['delivery.delivery_method']);
    expect(engine.lastRun.ruleIds).toEqual(['delivery_details.visible']);
    expect(next.blocks.delivery_details.visible).toBe(false);
    expect(comparable(next)).toEqual(comparable(engine.evaluate(edited)));
  });

  it('follows derived targets to their dependents (channel 3 sets electronic type)', () => {
    const doc = directMail();
    const vm = engine.evaluate(doc);
    const edited = { ...doc, media_channel: 3 };
    const next = engine.evaluateIncremental(vm, edited, ['media_channel']);
    expect(next.derived.electronic_type).toEqual([1]);
    expect(engine.lastRun.ruleIds).toContain('delivery.visible');
    expect(next.blocks.delivery.visible).toBe(false);
    expect(comparable(next)).toEqual(comparable(engine.evaluate(edited)));
  });

  it('re-filters options when a var of the filter changes, and rules reading $options follow', () => {
    const doc = { ...directMail(), sectors: [[{ id: 87 }]] };
    const vm = engine.evaluate(doc, { action: 'approve' });
    expect(vm.errors.map((e) => e.rule)).toContain('offer_origin.required');
    const edited = { ...doc, sectors: [[{ id: 266 }]] };
    const next = engine.evaluateIncremental(vm, edited, ['sectors'], { action: 'approve' });
    expect(engine.lastRun.ruleIds).toEqual(expect.arrayContaining(['offer_origin.by_sector', 'offer_origin.required']));
    expect(next.errors.map((e) => e.rule)).not.toContain('offer_origin.required');
    expect(comparable(next)).toEqual(comparable(engine.evaluate(edited, { action: 'approve' })));
  });

  it('keeps the identity of unchanged field states so renderers can skip them', () => {
    const doc = directMail();
    const vm = engine.evaluate(doc);
    const next = engine.evaluateIncremental(vm, { ...doc, media_channel: 2 }, ['media_channel']);
    expect(next.fields.entry_date).toBe(vm.fields.entry_date);
    expect(next.fields['delivery.delivery_method']).not.toBe(vm.fields['delivery.delivery_method']);
  });

  it('keeps the state of a field whose error is unchanged, and the record of field states', () => {
    const doc = { ...directMail(), sectors: [[{ id: 87 }]] };
    const vm = engine.evaluate(doc, { action: 'approve' });
    const error = vm.fields.offer_origin.errors[0];
    expect(error.rule).toBe('offer_origin.required');
    const same = engine.evaluateIncremental(vm, { ...doc, product_name: 'Platinum Rewards' }, ['product_name'], { action: 'approve' });
    expect(same.fields.offer_origin).toBe(vm.fields.offer_origin);
    expect(same.fields).toBe(vm.fields);
    expect(engine.evaluate(structuredClone(doc), { action: 'approve' }).fields.offer_origin).toBe(vm.fields.offer_origin);
    const fixed = engine.evaluateIncremental(vm, { ...doc, sectors: [[{ id: 266 }]] }, ['sectors'], { action: 'approve' });
    expect(fixed.fields.offer_origin.errors).toEqual([]);
    expect(fixed.fields).not.toBe(vm.fields);
  });

  it('falls back to a full evaluation for another action or an unknown view model', () => {
    const doc = directMail();
    const vm = engine.evaluate(doc, { action: 'save' });
    engine.evaluateIncremental(vm, doc, [], { action: 'approve' });
    expect(engine.lastRun.ruleIds.length).toBeGreaterThan(5);
    const copy = { ...vm };
    engine.evaluateIncremental(copy, doc, []);
    expect(engine.lastRun.ruleIds.length).toBeGreaterThan(5);
  });

  it('matches a full evaluation on random single-field edits', () => {
    const edits: Array<[string, (d: ReturnType<typeof directMail>) => unknown]> = [
      ['audience', (d) => ({ ...d, audience: 3 })],
      ['sectors', (d) => ({ ...d, sectors: [[{ id: 372 }]] })],
      ['offer_expiry_date', (d) => ({ ...d, offer_expiry_date: '2024-01-01' })],
      ['promotion.promotions', (d) => ({ ...d, promotion: { ...d.promotion, promotions: [{ bogo: 1 }, {}] } })],
      ['panelists', (d) => ({ ...d, panelists: [{ pp_date: '2024-06-01', gender: 'M', panelist_id: 3 }] })],
    ];
    for (const action of [undefined, 'save', 'approve', 'promotion_save']) {
      for (const [path, edit] of edits) {
        const doc = directMail();
        const vm = engine.evaluate(doc, { action, prev: doc });
        const edited = edit(doc);
        const inc = engine.evaluateIncremental(vm, edited, [path], { action, prev: doc });
        const full = engine.evaluate(edited, { action, prev: doc });
        expect(comparable(inc), `${action} ${path}`).toEqual(comparable(full));
        expect(inc.derived).toEqual(full.derived);
      }
    }
  });
});
