import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { compileDocumentShape } from '../../../src/engine/shape/compileDocumentShape';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { generateProducts } from '../../../src/server/products/generateProducts';

const engine = createEngine(loadMetadataFromDir(process.cwd()), { now: () => '2024-06-30' });
const check = compileDocumentShape(engine.model);

describe('document shape (the composed JSON Schema of the blocks)', () => {
  it('passes every generated demo product', () => {
    for (const p of generateProducts({ count: 60, seed: 11, engine })) expect(check(p)).toEqual([]);
  });

  it('reports one plain problem per bad value, labelled with the field title', () => {
    const errors = check({ promotion: { holiday: 99, sale_type: 'x' }, entry_date: '2024-13-45', panelists: [{ pp_date: 'nope' }] });
    expect(errors).toEqual([
      { rule: 'schema', field: 'entry_date', message: 'Entry Date: "2024-13-45" is not a valid date.' },
      { rule: 'schema', field: 'panelists.0.pp_date', message: 'Date: "nope" is not a valid date.' },
      { rule: 'schema', field: 'promotion.holiday', message: 'Holiday: 99 is not one of the codes of Holiday.' },
      { rule: 'schema', field: 'promotion.sale_type', message: 'Sale Type: "x" is not one of the codes of Sale type.' },
    ]);
  });

  it('treats null and empty text as not entered, and lets unnamed keys (editor state) pass', () => {
    expect(check({ promotion: { holiday: '', sale_type: null }, panelist_draft: { anything: 1 }, whatever: [1, 2] })).toEqual([]);
  });
});
