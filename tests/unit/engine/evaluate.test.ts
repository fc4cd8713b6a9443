import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { directMail, miniEngine, miniMetadata, TODAY } from './miniMetadata';

describe('engine.evaluate: visibility', () => {
  const engine = miniEngine();

  it('shows a gated block when its rule holds and hides it otherwise (002 §2 Delivery gate)', () => {
    expect(engine.evaluate(directMail()).visible).toContain('delivery');
    for (const audience of [1, 2, 5]) expect(engine.evaluate({ ...directMail(), audience }).blocks.delivery.visible).toBe(true);
    expect(engine.evaluate({ ...directMail(), audience: 3 }).blocks.delivery.visible).toBe(false);
    expect(engine.evaluate({ ...directMail(), media_channel: 2 }).visible).not.toContain('delivery');
  });

  it('hides a child block when its parent is hidden, whatever its own rule says', () => {
    const vm = engine.evaluate({ ...directMail(), media_channel: 2 });
    expect(vm.blocks.delivery_details.visible).toBe(false);
    expect(vm.fields['delivery.postage'].visible).toBe(false);
    expect(engine.evaluate(directMail()).blocks.delivery_details.visible).toBe(true);
    const method2 = engine.evaluate({ ...directMail(), delivery: { delivery_method: 2 } });
    expect(method2.blocks.delivery_details.visible).toBe(false);
    expect(method2.fields['delivery.delivery_method'].visible).toBe(true);
  });

  it('evaluates field rules with custom ops: automotive as the only sector hides offer origin', () => {
    const auto = [[{ id: 372 }, { id: 12 }]];
    expect(engine.evaluate({ ...directMail(), sectors: auto }).fields.offer_origin.visible).toBe(false);
    expect(engine.evaluate({ ...directMail(), sectors: [...auto, [{ id: 90 }]] }).fields.offer_origin.visible).toBe(true);
  });

  it('evaluates item rules per array item (buy_x only when bogo is 1)', () => {
    const vm = engine.evaluate({ ...directMail(), promotion: { promotions: [{ bogo: 1 }, { bogo: 0 }] } });
    expect(vm.fields['promotion.promotions.0.buy_x'].visible).toBe(true);
    expect(vm.fields['promotion.promotions.1.buy_x'].visible).toBe(false);
  });

  it('lists visible block ids in block order', () => {
    expect(engine.evaluate(directMail()).visible).toEqual(['main', 'delivery', 'delivery_details', 'advertiser', 'promotion']);
  });
});

describe('engine.evaluate: required and validate for an action', () => {
  const engine = miniEngine();

  it('reports nothing without an action and flags required fields only for their actions', () => {
    const doc = { ...directMail(), delivery: { delivery_method: 1 } };
    expect(engine.evaluate(doc).errors).toEqual([]);
    expect(engine.evaluate(doc, { action: 'save' }).errors).toEqual([]);
    const approve = engine.evaluate(doc, { action: 'approve' });
    expect(approve.errors).toEqual([{ rule: 'approve.delivery_type', field: 'delivery.delivery_type', message: 'Delivery Type' }]);
    expect(approve.fields['delivery.delivery_type'].errors).toHaveLength(1);
    expect(approve.fields['delivery.delivery_type'].required).toBe(true);
  });

  it('uses the spec message verbatim when the rule gives one (001 §5 status actions)', () => {
    const vm = engine.evaluate(directMail(), { action: 'problem' });
    expect(vm.errors).toEqual([{ rule: 'problem.comment', field: 'product_comment', message: 'Please Enter Comment' }]);
    expect(engine.evaluate({ ...directMail(), product_comment: 'bad scan' }, { action: 'problem' }).errors).toEqual([]);
  });

  it('fills {path} placeholders from the document', () => {
    const vm = engine.evaluate({ ...directMail(), offer_expiry_date: '2024-04-01' }, { action: 'save' });
    expect(vm.errors.map((e) => e.message)).toEqual(['Offer Expiry date 2024-04-01 cannot be older than Entry Date 2024-05-01']);
    expect(engine.evaluate({ ...directMail(), offer_expiry_date: '2024-06-01' }, { action: 'save' }).errors).toEqual([]);
  });

  it('sees $now: a panelist date after today is refused', () => {
    const p = { pp_date: '2024-05-11', panelist_id: 1, gender: 'F' };
    const vm = engine.evaluate({ ...directMail(), entry_date: '2024-05-11', gender: 'F', panelists: [p] }, { action: 'save' });
    expect(vm.errors.map((e) => e.message)).toEqual(['Invalid date: Panelist date cannot be in the future.']);
    const ok = engine.evaluate({ ...directMail(), entry_date: TODAY, gender: 'F', panelists: [{ ...p, pp_date: TODAY }] }, { action: 'save' });
    expect(ok.errors).toEqual([]);
  });

  it('checks item rules per item with the item path as field', () => {
    const vm = engine.evaluate({ ...directMail(), promotion: { promotions: [{ promotion_type: 1 }, {}] } }, { action: 'promotion_save' });
    expect(vm.errors).toEqual([{ rule: 'promotion.type', field: 'promotion.promotions.1.promotion_type', message: 'Please select promotion type!' }]);
  });

  it('counts options through $options: offer origin required only with more than one choice', () => {
    const bank = engine.evaluate({ ...directMail(), sectors: [[{ id: 87 }]] }, { action: 'approve' });
    expect(bank.errors.map((e) => e.rule)).toContain('offer_origin.required');
    const health = engine.evaluate({ ...directMail(), sectors: [[{ id: 4 }, { id: 14 }]] }, { action: 'approve' });
    expect(health.fields.offer_origin.options!.map((o) => o.const)).toEqual([2, 4]);
    const retailOnly = engine.evaluate(directMail(), { action: 'approve' });
    expect(retailOnly.fields.offer_origin.options).toEqual([]);
    expect(retailOnly.errors.map((e) => e.rule)).not.toContain('offer_origin.required');
  });
});

describe('engine.evaluate: options', () => {
  it('filters code-table entries by the options rule and leaves other tables whole', () => {
    const engine = miniEngine();
    const vm = engine.evaluate({ ...directMail(), sectors: [[{ id: 90 }, { id: 179 }]] });
    expect(vm.fields.offer_origin.options!.map((o) => o.title)).toEqual(['Existing relationship', 'Prospect']);
    expect(vm.fields.media_channel.options!.map((o) => o.const)).toEqual([1, 2, 3, 5]);
    expect(vm.fields.entry_date.options).toBeUndefined();
  });

  it('recomputes options when the sectors change between evaluations, and reuses them when they do not', () => {
    const engine = miniEngine();
    const bank = engine.evaluate({ ...directMail(), sectors: [[{ id: 87 }]] });
    const health = engine.evaluate({ ...directMail(), sectors: [[{ id: 4 }, { id: 14 }]] });
    const bankAgain = engine.evaluate({ ...directMail(), sectors: [[{ id: 87 }]] });
    expect(bank.fields.offer_origin.options!.map((o) => o.const)).toEqual([1, 2]);
    expect(health.fields.offer_origin.options!.map((o) => o.const)).toEqual([2, 4]);
    expect(bankAgain.fields.offer_origin.options!.map((o) => o.const)).toEqual([1, 2]);
    const same = engine.evaluate({ ...directMail(), sectors: [[{ id: 87 }]] });
    expect(same.fields.offer_origin).toBe(bankAgain.fields.offer_origin);
  });
});

describe('engine.evaluate: shared sub-expressions', () => {
  it('computes a sub-expression written in several rules once per document, and again for the next document', () => {
    const md = miniMetadata();
    let calls = 0;
    const engine = createEngine(md, { now: () => TODAY });
    engine.ops.add('chain_ids_counted', (args) => {
      calls++;
      return engine.ops.get('chain_ids')!(args, null);
    });
    md.files['rules/product/shared.json'] = {
      rules: [
        { id: 's1', kind: 'visible', target: 'product_name', source: 't', when: { in: [4, { chain_ids_counted: [{ var: 'sectors' }] }] } },
        { id: 's2', kind: 'readonly', target: 'product_name', source: 't', when: { in: [14, { chain_ids_counted: [{ var: 'sectors' }] }] } },
      ],
    };
    const counted = createEngine(md, { now: () => TODAY, ops: engine.ops });
    const vm = counted.evaluate({ ...directMail(), sectors: [[{ id: 4 }, { id: 14 }]] });
    expect(vm.fields.product_name).toMatchObject({ visible: true, readonly: true });
    expect(calls).toBe(1);
    const next = counted.evaluate({ ...directMail(), sectors: [[{ id: 87 }]] });
    expect(next.fields.product_name).toMatchObject({ visible: false, readonly: false });
    expect(calls).toBe(2);
  });
});

describe('engine.evaluate: derived values', () => {
  const engine = miniEngine();

  it('reports derived changes and applies them to a copy, leaving the input untouched', () => {
    const doc = { ...directMail(), media_channel: 3 };
    const before = JSON.stringify(doc);
    const vm = engine.evaluate(doc);
    expect(vm.derived.electronic_type).toEqual([1]);
    expect((vm.document as { electronic_type: number[] }).electronic_type).toEqual([1]);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('returns the same document object when nothing changed (no copy)', () => {
    const doc = { ...directMail(), media_channel: 2 };
    delete (doc as Partial<typeof doc>).delivery;
    delete (doc as Partial<typeof doc>).advertiser;
    const vm = engine.evaluate(doc);
    expect(vm.derived).toEqual({});
    expect(vm.document).toBe(doc);
  });

  it('derives from panelists using $prev (001 §4): entry date and gender', () => {
    const prev = directMail();
    const doc = { ...prev, panelists: [{ pp_date: '2024-05-03', gender: 'F', panelist_id: 1 }, { pp_date: '2024-05-04', gender: 'M', panelist_id: 2 }] };
    const vm = engine.evaluate(doc, { prev });
    expect(vm.derived).toEqual({ entry_date: '2024-05-04', gender: 'B' });
    // Without a panelist change the entry date is left alone.
    expect(engine.evaluate(vm.document, { prev: vm.document }).derived).toEqual({});
  });

  it('runs derive rules in file order until stable: dedupe first, then gender from what is left', () => {
    const p = { pp_date: '2024-05-03', panelist_id: 1, competi_id: 2, invitation_id: 3, tracking_id: '1', gender: 'F' };
    const vm = engine.evaluate({ ...directMail(), panelists: [p, { ...p }], state_province: [5, 0] }, { prev: directMail() });
    expect(vm.derived.panelists).toEqual([p]);
    expect(vm.derived.gender).toBe('F');
    expect(vm.derived.state_province).toEqual([5]);
  });

  it('stops after 10 passes when two rules disagree', () => {
    const files = {
      ...miniMetadata().files,
      'rules/product/flipflop.json': {
        rules: [
          { id: 'a', kind: 'derive', target: 'product_name', source: 't', value: { if: [{ '==': [{ var: 'product_name' }, 'x'] }, 'y', 'x'] } },
        ],
      },
    };
    const vm = createEngine({ files }, { now: () => TODAY }).evaluate(directMail());
    expect(['x', 'y']).toContain(vm.derived.product_name);
  });
});

describe('engine.evaluate: hidden-data policy', () => {
  const engine = miniEngine();

  it('clear: a hidden block with data reports its fields as cleared (null) in derived', () => {
    const vm = engine.evaluate({ ...directMail(), media_channel: 2 });
    expect(vm.derived).toMatchObject({ 'delivery.delivery_method': null, 'delivery.postage': null });
    expect((vm.document as { delivery: Record<string, unknown> }).delivery.delivery_method).toBeNull();
  });

  it('skip (the default): hidden data is kept but not validated', () => {
    const doc = { ...directMail(), media_channel: 2, sectors: [[{ id: 372 }]], offer_origin: 1 };
    const vm = engine.evaluate(doc, { action: 'approve' });
    expect(vm.fields.offer_origin.visible).toBe(false);
    expect('offer_origin' in vm.derived).toBe(false);
    expect(vm.errors.map((e) => e.field)).not.toContain('offer_origin');
  });

  it('keep: hidden data is kept and still validated', () => {
    const md = miniMetadata();
    const main = md.files['schemas/product/sections/main.json'] as { properties: Record<string, Record<string, unknown>> };
    main.properties.offer_origin['x-hidden'] = 'keep';
    const keep = createEngine(md, { now: () => TODAY });
    const vm = keep.evaluate({ ...directMail(), sectors: [[{ id: 372 }], [{ id: 87 }]] }, { action: 'approve' });
    expect(vm.fields.offer_origin.visible).toBe(true);
    const hidden = keep.evaluate({ ...directMail(), sectors: [[{ id: 372 }]] }, { action: 'approve' });
    expect(hidden.fields.offer_origin.visible).toBe(false);
  });

  it('skips required checks of fields inside a hidden block', () => {
    const vm = engine.evaluate({ ...directMail(), media_channel: 2, delivery: {} }, { action: 'approve' });
    expect(vm.errors.filter((e) => e.field.startsWith('delivery.'))).toEqual([]);
  });
});

describe('engine.evaluate: readonly and label rules', () => {
  it('applies readonly and label rules to fields and blocks', () => {
    const md = miniMetadata();
    md.files['rules/product/labels.json'] = {
      rules: [
        { id: 'name.label', kind: 'label', target: 'product_name', source: 't', when: { chain_any: [{ var: 'sectors' }, [4], 1] }, label: 'Policy Name' },
        { id: 'electronic.readonly', kind: 'readonly', target: 'electronic_type', source: 't', when: { '==': [{ var: 'media_channel' }, 3] } },
        { id: 'delivery.readonly', kind: 'readonly', target: 'delivery', source: 't', when: { '==': [{ var: 'audience' }, 5] } },
      ],
    };
    const engine = createEngine(md, { now: () => TODAY });
    const vm = engine.evaluate({ ...directMail(), sectors: [[{ id: 4 }]], media_channel: 3 });
    expect(vm.fields.product_name.label).toBe('Policy Name');
    expect(vm.fields.electronic_type.readonly).toBe(true);
    expect(engine.evaluate(directMail()).fields.product_name.label).toBe('Product Name');
    const aud5 = engine.evaluate({ ...directMail(), audience: 5 });
    expect(aud5.blocks.delivery.readonly).toBe(true);
    expect(aud5.fields['delivery.delivery_method'].readonly).toBe(true);
    expect(aud5.blocks.delivery_details.readonly).toBe(true);
  });
});
