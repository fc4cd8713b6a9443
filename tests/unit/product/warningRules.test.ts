import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { createProductDocumentStore } from '../../../src/app/product/productDocumentStore';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

// 001 §5: confirmations before saving are rules of severity "warning" (rules/product/warnings.json):
// the editor asks for them, they never refuse a save.
const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-01' });
const product = () => ({
  state_specific: false,
  panelists: [{ pp_date: '2020-03-02', panelist_id: 1, stateID: 10 }, { pp_date: '2020-03-02', panelist_id: 2, stateID: 0 }],
  companies: [{ companyID: 1, companyName: 'Acme', co_states: [5] }, { companyID: 2, companyName: 'Beta', co_states: [] }],
  state_province: [10],
});

describe('warning rules in the editor', () => {
  it('asks when a panelist state is outside a company’s states, naming the states by title', () => {
    const store = createProductDocumentStore(engine, product());
    expect(store.warnings('save').map((w) => w.message)).toEqual(["A panelist's state is outside the states of Acme (California)."]);
    expect(store.check('save').map((p) => p.rule)).not.toContain('companies.panelist_state_outside');
  });

  it('asks when state specific is checked with states selected, and not otherwise', () => {
    const store = createProductDocumentStore(engine, { ...product(), companies: [], state_specific: true, state_province: [5, 10] });
    expect(store.warnings('save')).toEqual([
      { rule: 'state_specific.states_selected', field: 'state_province', message: 'State specific is checked with State Province: California, Florida.' },
    ]);
    expect(createProductDocumentStore(engine, { ...product(), companies: [] }).warnings('save')).toEqual([]);
  });

  it('are not errors: the view model keeps them apart, so the server (which refuses on errors) saves', () => {
    const vm = engine.evaluate({ ...product(), state_specific: true }, { action: 'save' });
    expect(vm.warnings.map((w) => w.rule)).toEqual(['companies.panelist_state_outside', 'state_specific.states_selected']);
    expect(vm.errors.map((e) => e.rule)).not.toContain('state_specific.states_selected');
    expect(vm.fields.state_province.errors).toEqual([]);
  });

  it('re-check when the document beyond their item changes ($doc.panelists in an item rule)', () => {
    const vm = engine.evaluate(product(), { action: 'save' });
    const moved = { ...product(), panelists: [{ pp_date: '2020-03-02', panelist_id: 1, stateID: 5 }] };
    expect(engine.evaluateIncremental(vm, moved, ['panelists'], { action: 'save' }).warnings).toEqual([]);
  });
});
