import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ViewModel } from '../../../src/engine';
import type { Doc } from '../../../src/ui/form/types';
import { generateProducts } from '../../../src/server/products/generateProducts';
import { sampleSeed, sized } from '../../helpers/testSize';
import { editContext, randomEdit, randomStream, type Edit } from '../engine/randomEdit';
import { changeActions } from '../../../src/app/product/changeActions';
import { createProductDocumentStore } from '../../../src/app/product/productDocumentStore';
import { splitMetadata } from '../../../src/app/product/splitMetadata';
import { editorOnlyFields } from '../../../src/app/product/editorOnlyFields';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { productEntries } from '../../../src/app/product/widgets/productEntries';
import { chainFromDraft } from '../../../src/app/product/widgets/SectorChainsWidget';

// The editor's document in the browser: every edit goes through the project's engine (docs/metadata.md).
describe('the product document store on the project metadata', () => {
  let engine: Engine;
  let files: Record<string, unknown>;
  beforeAll(() => {
    files = loadMetadataFromDir(projectRoot).files;
    engine = createEngine({ files }, { now: () => '2024-06-01' });
  });

  it('applies derive rules with $prev: adding a panelist sets the entry date, state, gender (001 §4)', () => {
    const store = createProductDocumentStore(engine, { media_channel: 1, audience: 1 });
    store.update((d) => ({ ...d, panelists: [{ pp_date: '2024-05-02', panelist_id: 7, stateID: 5, gender: 'F', age: 34, incomeID: 3 }] }));
    expect(store.getDoc()).toMatchObject({ entry_date: '2024-05-02', state_province: [5], gender: 'F' });
    store.update((d) => ({ ...d, panelists: [] }));
    expect(store.getDoc().gender).toBe('N');
  });

  it("a save's answer keeps the references of what it did not change (the form redraws only changed fields)", () => {
    const store = createProductDocumentStore(engine, { media_channel: 1, audience: 1, panelists: [{ pp_date: '2024-05-02', panelist_id: 7, stateID: 5 }] });
    const before = store.getDoc();
    const answer = { ...(JSON.parse(JSON.stringify(before)) as Record<string, unknown>), product_id: 100900 };
    store.reset(answer);
    expect(store.getDoc()).toMatchObject({ product_id: 100900 });
    expect(store.getDoc().panelists).toBe(before.panelists);
    expect(store.isDirty()).toBe(false);
  });

  it('one-path edits (incremental) and full evaluations agree on visibility', () => {
    const store = createProductDocumentStore(engine, { media_channel: 2, audience: 1 });
    const doc = store.getDoc();
    store.change('media_channel', 1, { ...doc, media_channel: 1 });
    expect(store.getViewModel().blocks.delivery?.visible).toBe(true);
    expect(engine.evaluate(store.getDoc()).blocks.delivery?.visible).toBe(true);
  });

  it("checks an action on a draft: the picker refusals are the rules' messages", () => {
    const store = createProductDocumentStore(engine, { companies: [{ companyID: 3, companyName: 'Acme' }] });
    expect(store.check('panelist_add', { ...store.getDoc(), panelist_draft: { panelist_id: 1 } }).map((p) => p.message)).toContain('Please choose date.');
    expect(store.check('company_add', { ...store.getDoc(), company_draft: { companyID: 3 } }).map((p) => p.message)).toEqual(['You are selecting already selected company.']);
    expect(store.check('sector_add', { ...store.getDoc(), sector_draft: { sector: 90 } }).map((p) => p.message)).toEqual(
      expect.arrayContaining(['Please select Sector and Category!', 'Please add product name!']),
    );
  });

  it('checks an action incrementally from its last check, with the answers of a full evaluation, over random edits and probes (issue 27 item 11)', () => {
    // A reference that reuses nothing; the store's engine re-runs only the rules reading what changed since its last check.
    const reference = createEngine({ files }, { now: () => '2024-06-01', reuseOptionLists: false });
    const products = generateProducts({ count: 5, seed: 11, engine });
    const ctx = editContext(engine, products);
    const actions = ['save', 'approve', 'sector_add', 'promotion_save', 'panelist_add'];
    const problems = (vm: ViewModel, kind: 'errors' | 'warnings') => vm[kind].map((e) => ({ rule: e.rule, field: e.field, message: e.message }));
    const next = randomStream(sampleSeed);
    let partial = 0;
    for (const [n, product] of products.entries()) {
      const store = createProductDocumentStore(engine, product);
      // One action per product, checked after every edit: each check starts from the one before.
      const action = actions[n % actions.length]!;
      const history: Edit[] = [];
      for (let step = 0; step < sized(60, 10); step++) {
        const edit = randomEdit(ctx, store.getDoc(), store.getViewModel(), history, Math.floor(next() * 2 ** 31));
        history.push(edit);
        // Mostly the editor's own edits; some checks of a probe the store never takes (a draft Add refuses).
        const probe = next() < 0.3 ? (edit.next as Doc) : undefined;
        if (!probe) store.change(edit.path, undefined, edit.next as Doc);
        const label = `product ${String(product.product_id)}, step ${step + 1} (${edit.label}), ${action}${probe ? ' on a probe' : ''}`;
        expect(store.check(action, probe), label).toEqual(problems(reference.evaluate(probe ?? store.getDoc(), { action }), 'errors'));
        if (engine.lastRun.ruleIds.length < engine.rules.length / 2) partial++;
        if (!probe) expect(store.warnings(action), label).toEqual(problems(reference.evaluate(store.getDoc(), { action }), 'warnings'));
      }
    }
    // Not every check fell back to a full evaluation.
    expect(partial).toBeGreaterThan(0);
  });

  it('finds the change checks in the rules (offer expiry date)', () => {
    expect(changeActions(engine).get('offer_expiry_date')).toBe('change_offer_expiry_date');
    const store = createProductDocumentStore(engine, { entry_date: '2024-05-01', offer_expiry_date: '2024-04-01' });
    expect(store.check('change_offer_expiry_date').map((p) => p.message)).toEqual(["Offer expiry date shouldn't be older than entry date."]);
  });

  it('splits the files into block schemas and code tables, and names a chain from the draft', () => {
    const { blocks, codes } = splitMetadata(files);
    expect(blocks.map((b) => b['x-block'].id)).toEqual(expect.arrayContaining(['main', 'credit_card', 'delivery', 'promotion_form']));
    expect(codes['codes/media_channel']?.oneOf.length).toBeGreaterThan(5);
    expect(chainFromDraft({ sector: 90, category: 179 }, codes).map((l) => [l.id, l.name, l.sequence])).toEqual([
      [90, 'Credit Card', 1],
      [179, 'Credit Access Offer', 2],
    ]);
    const hidden = editorOnlyFields(blocks, productEntries);
    expect(hidden).toEqual(expect.arrayContaining(['panelist_draft', 'company_draft', 'selected_file', 'upload']));
    expect(hidden).not.toContain('product_name_lookup');
  });
});
