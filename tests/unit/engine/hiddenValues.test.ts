import { describe, expect, it } from 'vitest';
import { createEngine, listHiddenDrops, type ViewModel } from '../../../src/engine';
import { getIn } from '../../../src/engine/model/paths';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

/*
 * Issue 27 item 1 on the project metadata: values of a block that becomes hidden are kept while
 * the product is unsaved and come back with the block; a save drops them, and the rules reading
 * them run again (002 §4: the delivery details show only for methods 1, 3 and 7).
 */

const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-30' });
const DIRECT_MAIL = 1;
const EMAIL = 3;
const delivery = { delivery_method: 1, delivery_type: 2, postage: 3, pre_sorted: 1, package_type: 1 };
const directMail = {
  product_id: 100900, entry_date: '2024-06-01', media_channel: DIRECT_MAIL, audience: 1, dm_tm_source: 1,
  sectors: [[{ id: 90, name: 'Credit Card', sequence: 1 }]], product_name: 'Platinum', delivery,
};

/** The editor's edit: the previous view model's document with one path changed, evaluated incrementally. */
function edit(vm: ViewModel, path: string, value: unknown, keepHiddenValues: boolean): ViewModel {
  const prev = vm.document as Record<string, unknown>;
  return engine.evaluateIncremental(vm, { ...prev, [path]: value }, [path], { prev, keepHiddenValues });
}

describe('hidden values: kept while unsaved, dropped by a save', () => {
  it('Direct Mail → Email → Direct Mail keeps the five Delivery values and shows the details again', () => {
    const start = engine.evaluate(directMail, { keepHiddenValues: true });
    expect(start.blocks.delivery_details.visible).toBe(true);
    const email = edit(start, 'media_channel', EMAIL, true);
    expect(email.blocks.delivery.visible).toBe(false);
    expect(email.dropped).toEqual([]);
    expect(getIn(email.document, ['delivery'])).toEqual(delivery);
    const back = edit(email, 'media_channel', DIRECT_MAIL, true);
    expect(getIn(back.document, ['delivery'])).toEqual(delivery);
    expect(back.document).toMatchObject({ dm_tm_source: 1 });
    expect(back.blocks.delivery.visible).toBe(true);
    expect(back.blocks.delivery_details.visible).toBe(true);
  });

  it('lists what the save would drop, per outermost hidden block with its label and count', () => {
    const email = edit(engine.evaluate(directMail, { keepHiddenValues: true }), 'media_channel', EMAIL, true);
    expect(listHiddenDrops(engine, email.document)).toEqual([
      { block: 'direct_mail', label: email.blocks.direct_mail.label, count: 1, paths: ['dm_tm_source'] },
      {
        block: 'delivery', label: 'Delivery', count: 5,
        paths: ['delivery.delivery_method', 'delivery.delivery_type', 'delivery.postage', 'delivery.pre_sorted', 'delivery.package_type'],
      },
    ]);
    // Only the details hidden (another method): the block named is theirs.
    const handDelivered = engine.evaluate({ ...directMail, delivery: { ...delivery, delivery_method: 2 } }, { keepHiddenValues: true });
    expect(listHiddenDrops(engine, handDelivered.document)).toEqual([
      { block: 'delivery_details', label: handDelivered.blocks.delivery_details.label, count: 4, paths: ['delivery.delivery_type', 'delivery.postage', 'delivery.pre_sorted', 'delivery.package_type'] },
    ]);
    expect(listHiddenDrops(engine, directMail)).toEqual([]);
  });

  it('a save empties them, and the details stay hidden when the channel comes back (no stale fields)', () => {
    const saved = edit(engine.evaluate(directMail), 'media_channel', EMAIL, false);
    expect(saved.dropped).toEqual(['dm_tm_source', 'delivery.delivery_method', 'delivery.delivery_type', 'delivery.postage', 'delivery.pre_sorted', 'delivery.package_type']);
    expect(saved.derived).toMatchObject({ 'delivery.delivery_method': null, 'delivery.package_type': null });
    const back = edit(saved, 'media_channel', DIRECT_MAIL, false);
    expect(back.blocks.delivery.visible).toBe(true);
    expect(getIn(back.document, ['delivery', 'delivery_method'])).toBeNull();
    expect(back.blocks.delivery_details.visible).toBe(false);
    expect(back.fields['delivery.postage'].visible).toBe(false);
    const full = engine.evaluate(back.document, { prev: saved.document });
    expect(back.blocks).toEqual(full.blocks);
    expect(back.fields).toEqual(full.fields);
  });

  it("a save's errors are those of the document it stores (the rules reading emptied values run again)", () => {
    // Method 2 hides the details; approving asks for none of them, though their values are still in the draft.
    const doc = { ...directMail, delivery: { ...delivery, delivery_method: 2 } };
    const vm = engine.evaluate(doc, { action: 'approve', prev: doc });
    expect(vm.dropped).toEqual(['delivery.delivery_type', 'delivery.postage', 'delivery.pre_sorted', 'delivery.package_type']);
    expect(vm.errors.filter((e) => e.field.startsWith('delivery.'))).toEqual([]);
    expect(engine.evaluate(vm.document, { action: 'approve', prev: vm.document }).errors).toEqual(vm.errors);
  });
});
