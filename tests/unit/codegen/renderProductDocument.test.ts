import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderProductDocument } from '../../../codegen/renderProductDocument';
import type { ProductDocument } from '../../../src/engine/generated/ProductDocument';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

const output = 'src/engine/generated/ProductDocument.ts';

const fixture = (): Record<string, unknown> => ({
  'schemas/codes/media_channel.json': {
    $id: 'codes/media_channel',
    title: 'Media channel',
    type: 'integer',
    'x-source': '001 §9',
    oneOf: [
      { const: 1, title: 'Direct Mail' },
      { const: 3, title: 'Email' },
    ],
  },
  'schemas/codes/gender.json': {
    $id: 'codes/gender',
    title: 'Gender',
    type: 'string',
    'x-source': '001 §9',
    oneOf: [
      { const: 'F', title: 'Female' },
      { const: "it's", title: 'Quote */ inside', 'x-sample': true },
    ],
  },
  'schemas/product/sections/main.json': {
    $id: 'product/sections/main',
    title: 'Main',
    type: 'object',
    'x-block': { id: 'main', path: '', order: 10, source: '001 §2' },
    properties: {
      entry_date: { type: 'string', format: 'date', title: 'Entry Date' },
      media_channel: { title: 'Media Channel', $ref: 'codes/media_channel' },
      genders: { type: 'array', title: 'Genders', items: { $ref: 'codes/gender' } },
      panelists: { type: 'array', title: 'Panelist', items: { type: 'object', properties: { panelist_id: { type: 'integer' } } } },
      'odd-key': { type: ['string', 'null'], enum: ['a', 'b'] },
    },
  },
  'schemas/product/sectors/delivery.json': {
    $id: 'product/sectors/delivery',
    title: 'Delivery',
    type: 'object',
    'x-block': { id: 'delivery', path: 'delivery', order: 300, hidden: 'clear', source: '002 §3 Delivery' },
    properties: { delivery_method: { title: 'Delivery Method', $ref: 'codes/media_channel', 'x-ui': { unit: 'kWh' } } },
  },
  'schemas/product/sectors/delivery_details.json': {
    $id: 'product/sectors/delivery_details',
    title: 'Delivery details',
    type: 'object',
    'x-block': { id: 'delivery_details', path: 'delivery', parent: 'delivery', order: 301, source: '002 §3', fields: ['delivery_method'] },
    properties: {},
  },
  'rules/product/x.json': { rules: [] },
});

describe('renderProductDocument', () => {
  const text = renderProductDocument({ files: fixture() });

  it('types every block field, code-table $refs as unions of their const ids', () => {
    expect(text).toContain('export interface ProductDocument {');
    expect(text).toContain('  media_channel?: MediaChannelCode | null;');
    expect(text).toContain('  genders?: GenderCode[] | null;');
    expect(text).toContain('  /** Entry Date. Format: date. Block `main`. */\n  entry_date?: string | null;');
    expect(text).toContain("  'odd-key'?: 'a' | 'b' | null;");
    expect(text).toMatch(/export type MediaChannelCode =\n {2}\| 1 \/\/ Direct Mail\n {2}\| 3; \/\/ Email\n/);
    // Quotes are escaped and a title cannot close the comment early.
    expect(text).toContain("  | 'it\\'s'; // Quote *\\/ inside (sample)");
    expect(text).toContain("export type ProductBlockId =\n  | 'delivery'\n  | 'delivery_details'\n  | 'main';");
  });

  it('gives a block at its own path a named interface and arrays of objects an item interface', () => {
    expect(text).toContain('  /** Delivery. Block `delivery` (002 §3 Delivery). */\n  delivery?: Delivery | null;');
    expect(text).toContain('export interface Delivery {');
    // The field moved to the sub-block that groups it.
    expect(text).toContain('  /** Delivery Method. Unit: kWh. Block `delivery_details`. */\n  delivery_method?: MediaChannelCode | null;');
    expect(text).toContain('  panelists?: PanelistsItem[] | null;');
    expect(text).toContain('export interface PanelistsItem {\n  panelist_id?: number | null;\n}');
  });

  it('depends only on the files, not on the order they were read in', () => {
    const reversed = Object.fromEntries(Object.entries(fixture()).reverse());
    expect(renderProductDocument({ files: reversed })).toBe(text);
  });

  it('the committed src/engine/generated/ProductDocument.ts is what the schemas generate', () => {
    const committed = readFileSync(join(projectRoot, output), 'utf8');
    expect(committed).toBe(renderProductDocument(loadMetadataFromDir(projectRoot)));
  });

  it('the generated types take a stored product and refuse a code the table does not have', () => {
    // Type-checked by `tsc` (npm test): a stale or wrong type fails there.
    const doc: ProductDocument = {
      entry_date: '2024-05-01',
      media_channel: 1,
      audience: 1,
      sectors: [[{ id: 90, name: 'Credit Card', sequence: 1, sectorWorksiteVoluntary: 0 }]],
      delivery: { delivery_method: null },
    };
    // @ts-expect-error 4 is not a media channel code
    const bad: ProductDocument = { media_channel: 4 };
    expect([doc.media_channel, bad.media_channel]).toEqual([1, 4]);
  });
});

describe('codegen --check for the product document types', { timeout: 120_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-codegen-doc-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'codegen/run.ts'), '--root', scratch, '--only', output, ...args], { cwd: projectRoot, encoding: 'utf8' });

  it('reports the file stale after a schema change, and passes once regenerated', () => {
    for (const dir of ['schemas', 'rules', output]) cpSync(join(projectRoot, dir), join(scratch, dir), { recursive: true });
    expect(run('--check').status).toBe(0);

    const file = join(scratch, 'schemas/product/sectors/delivery.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
    schema.properties.pallet_count = { type: 'integer', title: 'Pallet Count' };
    writeFileSync(file, JSON.stringify(schema, null, 2));

    const stale = run('--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(`codegen: ${output} is stale`);

    expect(run().status).toBe(0);
    expect(readFileSync(join(scratch, output), 'utf8')).toContain('  /** Pallet Count. Block `delivery`. */\n  pallet_count?: number | null;');
    expect(run('--check').status).toBe(0);
  });
});
