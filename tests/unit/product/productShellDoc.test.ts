import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { createProductDocumentStore } from '../../../src/app/product/productDocumentStore';
import { shellDocReader } from '../../../src/app/product/productShellDoc';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

// Issue 27 item 11: a keystroke in the form must not render the editor's frame (header, actions bar,
// windows menu, section navigator, dialogs): the frame reads a snapshot that keeps its identity
// until a value it shows changes, and the view model's blocks record while no block changes.
describe('the editor frame’s snapshot of the product', () => {
  const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-01' });

  it('is the same object across edits of other fields, a new one when a shown value changes', () => {
    const store = createProductDocumentStore(engine, { product_id: 7, product_status: 2, media_channel: 1, audience: 1, muid: 12, product_headline: 'A' });
    const read = shellDocReader(store);
    const before = read();
    const blocks = store.getViewModel().blocks;
    for (const headline of ['Ab', 'Abc', 'Abcd']) store.change('product_headline', headline, { ...store.getDoc(), product_headline: headline });
    expect(store.getDoc().product_headline).toBe('Abcd');
    expect(read()).toBe(before);
    expect(store.getViewModel().blocks).toBe(blocks);
    store.change('media_channel', 2, { ...store.getDoc(), media_channel: 2 });
    expect(read()).not.toBe(before);
    expect(read()).toMatchObject({ product_id: 7, media_channel: 2, muid: 12 });
    expect(store.getViewModel().blocks).not.toBe(blocks);
  });
});
