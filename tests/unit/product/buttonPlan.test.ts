import { describe, expect, it } from 'vitest';
import { buttonPlan as planFor, initialStatuses, showsRequiredLegend, type ScreenKind } from '../../../src/app/product/statusButtons';
import { createEngine } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

const initial = initialStatuses(createEngine(loadMetadataFromDir(projectRoot)));
const buttonPlan = (kind: ScreenKind, doc: Record<string, unknown>) => planFor(kind, doc, initial);

// 001 §4 "Product status": which buttons the product screen shows.
describe('buttonPlan', () => {
  it('reads the statuses a new product may have from the status table (x-initial: New and Temp Product)', () => {
    expect(initial).toEqual([11, 0]);
  });

  it('a new product (status 0 or 11) shows Submit and Cancel', () => {
    for (const product_status of [undefined, 0, 11]) {
      expect(buttonPlan('add', { product_status })).toMatchObject({ submit: 'Submit', cancel: true, statusActions: false, tempCreated: false });
      expect(buttonPlan('edit', { product_status })).toMatchObject({ submit: 'Submit', statusActions: false });
    }
  });

  it("a stored temp product on the add screen shows Update; any other status shows 'Temp product has already been created'", () => {
    expect(buttonPlan('add', { product_id: 5, product_status: 11 })).toMatchObject({ submit: 'Update', tempCreated: false });
    expect(buttonPlan('add', { product_id: 5, product_status: 1 })).toMatchObject({ submit: null, tempCreated: true, statusActions: false });
  });

  it('an existing product shows the status actions and Delete unless it is deleted', () => {
    expect(buttonPlan('edit', { product_id: 5, product_status: 2 })).toMatchObject({ statusActions: true, submit: 'Update', deletedNotice: false });
    expect(buttonPlan('edit', { product_id: 5, product_status: 1, is_deleted: 1 })).toMatchObject({ statusActions: false, submit: null, deletedNotice: true });
  });

  it("'Fields marked * are required' is not shown on a deleted product nor where a temp product was already made (issue 27 item 8)", () => {
    expect(showsRequiredLegend(buttonPlan('edit', { product_id: 5, product_status: 1, is_deleted: 1 }))).toBe(false);
    expect(showsRequiredLegend(buttonPlan('add', { product_id: 5, product_status: 1 }))).toBe(false);
    expect(showsRequiredLegend(buttonPlan('add', {}))).toBe(true);
    expect(showsRequiredLegend(buttonPlan('edit', { product_id: 5, product_status: 2 }))).toBe(true);
  });
});
