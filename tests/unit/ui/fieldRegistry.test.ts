import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../src/ui/form/compileForm';
import { createFormStore } from '../../../src/ui/form/formStore';
import { defaultEntries, unknownEntry } from '../../../src/ui/registry/defaultEntries';
import { pickEntry } from '../../../src/ui/registry/fieldRegistry';
import { blocks, codes, mainBlock } from './fixtures';

const model = compileForm(blocks, codes);
const entryFor = (path: string) => pickEntry(defaultEntries, model.fields.get(path)!, unknownEntry).name;

describe('compileForm', () => {
  it('orders blocks by x-block.order and fields by x-ui.order, with document paths', () => {
    expect(model.blocks.map((b) => b.id)).toEqual(['main', 'energy']);
    expect(model.blocks[0]!.fields.map((f) => f.path).slice(0, 3)).toEqual(['state_specific', 'entry_date', 'product_status']);
    expect(model.blocks[1]!.fields[0]!.path).toBe('energy.energy_rate');
    expect(model.fields.get('state_province')!.codes?.$id).toBe('codes/state');
    expect(model.fields.get('energy.energy_plans')!.children!.map((c) => c.key)).toEqual(['plan_name', 'plan_state']);
  });

  it('moves fields listed by a child block under that block', () => {
    const parent = { ...mainBlock, 'x-block': { id: 'delivery', path: 'delivery', order: 1 } };
    const child = { $id: 'x', title: 'Details', type: 'object', properties: {}, 'x-block': { id: 'delivery_details', path: 'delivery', parent: 'delivery', fields: ['comment'] } };
    const m = compileForm([parent, child], codes);
    expect(m.blocks.map((b) => b.id)).toEqual(['delivery']);
    expect(m.blocks[0]!.fields.some((f) => f.key === 'comment')).toBe(false);
    expect(m.blocks[0]!.children[0]!.fields.map((f) => f.path)).toEqual(['delivery.comment']);
  });
});

describe('field registry (ranked testers, Unknown fallback)', () => {
  it('an explicit x-ui.widget wins, otherwise the schema decides', () => {
    expect(entryFor('state_specific')).toBe('checkbox');
    expect(entryFor('entry_date')).toBe('date');
    expect(entryFor('media_channel')).toBe('select');
    expect(entryFor('state_province')).toBe('multiselect');
    expect(entryFor('comment')).toBe('textarea');
    expect(entryFor('energy.energy_rate')).toBe('number');
    expect(entryFor('energy.energy_company')).toBe('picker');
    expect(entryFor('energy.energy_plans')).toBe('list');
  });

  it('an unregistered widget name falls to Unknown', () => {
    expect(entryFor('strange')).toBe('unknown');
  });

  it('a screen entry with a higher rank replaces a default', () => {
    const custom = { ...defaultEntries[0]!, name: 'fancy', tester: () => 1000 };
    expect(pickEntry([custom, ...defaultEntries], model.fields.get('headline')!, unknownEntry).name).toBe('fancy');
  });
});

describe('form store', () => {
  it('notifies only the changed path and only view-model entries that changed', () => {
    const store = createFormStore({ headline: 'a', energy: { energy_rate: 1 } }, { fields: { headline: { required: true } } });
    const calls: string[] = [];
    for (const p of ['headline', 'energy.energy_rate', 'comment']) {
      store.getValue(p);
      store.getField(p);
      store.subscriber(p)(() => calls.push(p));
    }
    store.change('headline', 'ab');
    expect(calls).toEqual(['headline']);
    calls.length = 0;
    store.setViewModel({ fields: { headline: { required: true }, comment: { errors: ['Comment is required'] } } });
    expect(calls).toEqual(['comment']);
    expect(store.getField('comment').errors).toEqual(['Comment is required']);
    expect(store.getField('headline').required).toBe(true);
  });

  it('notifies every subscribed path whose value changed, parents and list rows included, and no other', () => {
    const doc = { energy: { energy_rate: 1, plans: [{ name: 'a' }, { name: 'b' }] }, comment: 'x', panelists: [] as unknown[] };
    const store = createFormStore(doc);
    const calls: string[] = [];
    for (const p of ['energy', 'energy.energy_rate', 'energy.plans', 'energy.plans.0.name', 'energy.plans.1.name', 'comment', 'panelists', '']) {
      store.subscriber(p)(() => calls.push(p));
    }
    store.change('energy.plans.1.name', 'c');
    expect(calls.sort()).toEqual(['', 'energy', 'energy.plans', 'energy.plans.1.name']);
    calls.length = 0;
    // A document from outside (derived values): a new object whose values are equal notifies nothing below it.
    const outside = { ...store.getDocument(), comment: 'y' };
    store.setDocument(outside);
    expect(calls.sort()).toEqual(['', 'comment']);
    calls.length = 0;
    store.setDocument({ comment: 'y' });
    expect(calls.sort()).toEqual(['', 'energy', 'energy.energy_rate', 'energy.plans', 'energy.plans.0.name', 'energy.plans.1.name', 'panelists']);
  });

  it('skips the field loop when the view model keeps its fields record, and still sees a new one', () => {
    const fields = { comment: { errors: [] as string[] } };
    const store = createFormStore({}, { fields });
    store.getField('comment');
    const calls: string[] = [];
    store.subscriber('comment')(() => calls.push('comment'));
    store.setViewModel({ fields });
    expect(calls).toEqual([]);
    store.setViewModel({ fields: { comment: { errors: ['Please Enter Comment'] } } });
    expect(calls).toEqual(['comment']);
    expect(store.getField('comment').errors).toEqual(['Please Enter Comment']);
  });
});
