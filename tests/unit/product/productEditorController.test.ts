import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine';
import { ApiError } from '../../../src/api/client/ApiError';
import { createProductDocumentStore } from '../../../src/app/product/productDocumentStore';
import { createProductEditorController, hiddenDropNote, type EditorApi, type EditorControllerDeps } from '../../../src/app/product/productEditorController';
import { enteredHiddenDrops } from '../../../src/app/product/enteredHiddenDrops';
import { NO_PERMISSION } from '../../../src/app/product/productScreenText';
import { statusButtons } from '../../../src/app/product/statusButtons';
import type { Doc } from '../../../src/ui/form/types';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { lostUpdateFile, lostUpdateText } from '../../../src/shared/lostUpdateText';

// The product editor's controller without a DOM (issue 30 item 8): the rules of the project
// metadata run in the real engine; the API is a fake that throws for any call a test did not set.
let engine: Engine;
let files: Record<string, unknown>;
beforeAll(() => {
  files = loadMetadataFromDir(projectRoot).files;
  engine = createEngine({ files }, { now: () => '2024-06-01' });
});

const unset = (name: string) => () => Promise.reject(new Error(`unexpected API call: ${name}`));

function setup(initial: Doc, api: Partial<EditorApi> = {}, texts: Record<string, unknown> = files) {
  const store = createProductDocumentStore(engine, initial);
  const calls = { notified: [] as Array<[string, string | undefined]>, navigated: [] as Array<[string, unknown]> };
  const deps: EditorControllerDeps = {
    store,
    buttons: statusButtons(engine),
    text: (key) => lostUpdateText(texts, key),
    api: { save: unset('save'), status: unset('status'), softDelete: unset('softDelete'), ...api },
    notify: (m, intent) => void calls.notified.push([m, intent]),
    navigate: (to, opts) => void calls.navigated.push([to, opts]),
    location: () => ({ pathname: '/addproduct', search: '?channel_id=1' }),
  };
  return { store, calls, controller: createProductEditorController(deps) };
}

/** Resolves once the controller opens a modal (or the promise settles first). */
async function modalOf(controller: ReturnType<typeof setup>['controller']) {
  for (let i = 0; i < 50 && !controller.getState().modal; i++) await Promise.resolve();
  return controller.getState().modal;
}

const basics: Doc = { media_channel: 3, audience: 1, entry_date: '2024-05-01', electronic_type: 1 };

describe('the product editor controller', () => {
  it('refuses an approval the rules refuse, listing their problems, without calling the server (001 §5)', async () => {
    const { controller } = setup({ product_id: 7, product_status: 2, media_channel: 1, audience: 1 });
    const running = controller.run('approve');
    const modal = await modalOf(controller);
    expect(modal).toMatchObject({ kind: 'problems', title: 'Please correct the following before saving', asks: false });
    expect(modal?.kind === 'problems' && modal.problems.map((p) => p.message)).toEqual(expect.arrayContaining(['Please Upload Product Pdf']));
    controller.answer(false);
    await running;
    expect(controller.getState().modal).toBeNull();
  });

  it('marks the refused fields until a save succeeds, and focuses the first one or the one chosen in the dialog (issue 27 item 3)', async () => {
    const { controller, store } = setup({ product_id: 7, product_status: 2, media_channel: 1, audience: 1 });
    expect(store.getViewModel().fields.product_name?.errors).toEqual([]);
    let running = controller.run('approve');
    const modal = await modalOf(controller);
    const first = modal?.kind === 'problems' ? modal.problems[0]!.field : '';
    controller.answer(false);
    await running;
    expect(controller.getState().focus).toEqual({ path: first, seq: 1 });
    // The view model now carries the approval's errors: the failing fields are marked, and an edit updates them.
    expect(store.getViewModel().fields.product_name?.errors.map((e) => e.message)).toEqual(['Product Name']);
    store.change('product_name', 'Acme Checking', { ...store.getDoc(), product_name: 'Acme Checking' });
    expect(store.getViewModel().fields.product_name?.errors).toEqual([]);

    running = controller.run('approve');
    await modalOf(controller);
    controller.goTo('product_headline');
    await running;
    expect(controller.getState()).toMatchObject({ modal: null, focus: { path: 'product_headline', seq: 2 } });
  });

  it("saves a new product, shows the server's stored answer without reading it again, says so and moves to its URL (001 §2 post-submit message)", async () => {
    const saved: Doc[] = [];
    const { controller, calls, store } = setup(basics, {
      save: async (doc) => {
        saved.push(doc);
        return { ...basics, product_id: 100251, product_status: 0 };
      },
    });
    await controller.run('save');
    expect(saved[0]).toMatchObject(basics);
    expect(store.getDoc().product_id).toBe(100251);
    expect(store.getDoc().product_status).toBe(0);
    expect(controller.getState().message).toBe('Product 100251 has been saved.');
    expect(calls.navigated).toEqual([['/addproduct?channel_id=1&product_id=100251', { replace: true, state: { message: 'Product 100251 has been saved.', savedProductId: '100251' } }]]);
    expect(controller.getState().busy).toBe(false);
  });

  it('asks before leaving only while the product has unsaved changes', async () => {
    const { controller, store } = setup(basics, { save: async () => ({ ...basics, audience: 2, product_id: 5 }) });
    expect(controller.mustAsk()).toBe(false);
    store.change('audience', 2, { ...store.getDoc(), audience: 2 });
    expect(controller.mustAsk()).toBe(true);
    // Typing a value and erasing it again is no change; editor state (a picker draft) is none either.
    store.change('product_comment', 'x', { ...store.getDoc(), product_comment: 'x' });
    store.change('product_comment', '', { ...store.getDoc(), product_comment: '' });
    store.update((d) => ({ ...d, company_draft: { companyID: 3 } }));
    store.change('audience', 1, { ...store.getDoc(), audience: 1 });
    expect(controller.mustAsk()).toBe(false);
    store.change('audience', 2, { ...store.getDoc(), audience: 2 });
    await controller.run('save');
    expect(controller.mustAsk()).toBe(false);
    store.change('product_comment', 'later', { ...store.getDoc(), product_comment: 'later' });
    expect(controller.mustAsk()).toBe(true);
    controller.leave('/');
    expect(controller.mustAsk()).toBe(false);
  });

  it('soft-deletes only after confirmation, then leaves without asking (001 §4)', async () => {
    const deleted: Array<[number, string]> = [];
    const { controller, calls, store } = setup({ ...basics, product_id: 9, product_status: 2, index_name: 'products_2024' }, {
      softDelete: async (id, index) => {
        deleted.push([id, index]);
        return { message: 'Product has been deleted successfully' };
      },
    });
    store.change('product_comment', 'unsaved', { ...store.getDoc(), product_comment: 'unsaved' });
    let removing = controller.remove();
    expect(await modalOf(controller)).toMatchObject({ kind: 'confirm', opts: { message: 'Are you sure you want to delete this product?' } });
    controller.answer(false);
    await removing;
    expect(deleted).toEqual([]);

    removing = controller.remove();
    await modalOf(controller);
    controller.answer(true);
    expect(await modalOf(controller)).toEqual({ kind: 'alert', message: 'Product has been deleted successfully' });
    controller.answer(true);
    await removing;
    expect(deleted).toEqual([[9, 'products_2024']]);
    expect(calls.notified).toContainEqual(['Product Deleted', 'success']);
    expect(calls.navigated.map(([to]) => to)).toEqual(['/']);
    expect(controller.mustAsk()).toBe(false);
  });

  it("offers 'Load theirs with my changes' on the server's lost_update code, whatever its words; another 409 is an alert (two editors on one product)", async () => {
    const doc = { ...basics, product_id: 9, product_status: 0 };
    const reworded409 = () => new ApiError(409, 'Ann got there first.', 'lost_update');
    const coded = setup(doc, { save: () => Promise.reject(reworded409()), load: async () => doc });
    const running = coded.controller.run('save');
    expect(await modalOf(coded.controller)).toMatchObject({ kind: 'confirm', opts: { message: 'Ann got there first. Load that change with yours drawn over it, then check and save?', confirmText: 'Load theirs with my changes' } });
    coded.controller.answer(false);
    await running;
    // The question and buttons are the rule file's (x-messages): an analyst's rewording is what the editor asks.
    const rule = files[lostUpdateFile] as Record<string, Record<string, string>>;
    const analyst = { ...files, [lostUpdateFile]: { ...rule, 'x-messages': { ...rule['x-messages'], lostUpdateQuestion: 'Reload?', lostUpdateLoad: 'Reload', lostUpdateKeep: 'Stay' } } };
    const reworded = setup(doc, { save: () => Promise.reject(reworded409()), load: async () => doc }, analyst);
    const asking = reworded.controller.run('save');
    expect(await modalOf(reworded.controller)).toMatchObject({ kind: 'confirm', opts: { message: 'Ann got there first. Reload?', confirmText: 'Reload', cancelText: 'Stay' } });
    reworded.controller.answer(false);
    await asking;
    // The former words without the code: the archived product's alert, not a reload.
    const words = 'ann changed this product at 06/01/2024 10:00:00 AM (UTC), after you opened it. Nothing was saved, so their change is kept; yours are still on your screen.';
    const uncoded = setup(doc, { save: () => Promise.reject(new ApiError(409, words)), load: async () => doc });
    const alerting = uncoded.controller.run('save');
    expect(await modalOf(uncoded.controller)).toEqual({ kind: 'alert', message: words });
    uncoded.controller.answer(true);
    await alerting;
  });

  it('shows a refused permission on the page and in a toast (001 §6)', async () => {
    const { controller, calls } = setup(basics, { save: () => Promise.reject(new ApiError(403, 'Forbidden')) });
    await controller.run('save');
    expect(controller.getState().denied).toBe(true);
    expect(calls.notified).toContainEqual([NO_PERMISSION, 'danger']);
  });
});

describe('the save names what it clears from hidden sections (issue 27 item 1)', () => {
  it('asks before a save that empties hidden values, and saves only on Continue', async () => {
    let saves = 0;
    const store = createProductDocumentStore(engine, basics);
    const controller = createProductEditorController({
      store,
      buttons: statusButtons(engine),
      hiddenDrops: () => [{ label: 'Delivery', count: 5 }, { label: 'DM/TM Source', count: 1 }],
      text: (key) => lostUpdateText(files, key),
      api: { save: async () => (saves++, { ...basics, product_id: 3 }), status: unset('status'), softDelete: unset('softDelete') },
      notify: () => {},
      navigate: () => {},
      location: () => ({ pathname: '/addproduct', search: '' }),
    });
    let running = controller.run('save');
    expect(await modalOf(controller)).toMatchObject({ kind: 'problems', title: 'Please confirm before saving', asks: true, notes: ['Delivery: 5 values will be cleared', 'DM/TM Source: 1 value will be cleared'] });
    controller.answer(false);
    await running;
    expect(saves).toBe(0);
    running = controller.run('save');
    await modalOf(controller);
    controller.answer(true);
    await running;
    expect(saves).toBe(1);
  });
});

describe('enteredHiddenDrops', () => {
  it("names the Delivery values a channel change would clear, not a hidden field's untouched default", () => {
    const doc = { ...basics, media_channel: 3, use_same_process_pdf: 0, delivery: { delivery_method: 1, delivery_type: 1, postage: 1, pre_sorted: 1, package_type: 1 } };
    expect(enteredHiddenDrops(engine, doc).map((d) => hiddenDropNote(d))).toEqual(['Delivery: 5 values will be cleared']);
    expect(enteredHiddenDrops(engine, { ...doc, media_channel: 1, ec_content_type: 'direct', electronic_type: undefined })).toEqual([]);
  });
});
