import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodesInputError, CodesRefused } from '../../../src/cli/codes/CodesError';
import { exportCodeTable } from '../../../src/cli/codes/exportCodeTable';
import { importCodeTable } from '../../../src/cli/codes/importCodeTable';
import { projectRoot } from '../../../src/server/paths';
import { runPortal } from '../../helpers/runPortal';

type Obj = Record<string, unknown>;
const fixtures = join(projectRoot, 'tests/fixtures/codes');
const tables = readdirSync(join(projectRoot, 'schemas/codes')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

/** `portal codes` (issue 30 item 1): code tables to and from spreadsheets, run in process. */
describe('portal codes export and import', () => {
  let tmp: string;
  let dir: string;
  const lines: string[] = [];
  const print = (l: string) => void lines.push(l);
  const tableText = (name: string) => readFileSync(join(dir, 'schemas/codes', `${name}.json`), 'utf8');
  const table = (name: string) => JSON.parse(tableText(name)) as { oneOf: Obj[] } & Obj;
  const restore = (name: string) => cpSync(join(projectRoot, 'schemas/codes', `${name}.json`), join(dir, 'schemas/codes', `${name}.json`));
  const importing = (name: string, file: string, opts: Partial<Parameters<typeof importCodeTable>[2]> = {}) => {
    lines.length = 0;
    return importCodeTable(name, file, { dir, products: 'none', ...opts }, print);
  };

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'portal-codes-'));
    dir = join(tmp, 'metadata');
    for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('exports every shipped table', () => expect(tables.length).toBeGreaterThan(50));

  it.each(tables)('round-trips %s: export, import, the same file', async (name) => {
    const csv = join(tmp, `${name}.csv`);
    await exportCodeTable(name, csv, { dir }, print);
    await importing(name, csv);
    expect(tableText(name)).toBe(readFileSync(join(projectRoot, 'schemas/codes', `${name}.json`), 'utf8'));
  });

  it('round-trips through an .xlsx workbook too', async () => {
    const xlsx = join(tmp, 'categories.xlsx');
    await exportCodeTable('categories', xlsx, { dir }, print);
    await importing('categories', xlsx);
    expect(lines).toEqual([`schemas/codes/categories.json: wrote ${table('categories').oneOf.length} codes (unchanged)`]);
    expect(tableText('categories')).toBe(readFileSync(join(projectRoot, 'schemas/codes/categories.json'), 'utf8'));
  });

  it('reads a real-world file (BOM, CRLF, quoted commas and quotes, blank rows): codes, titles, keys kept or derived, nothing sample', async () => {
    await importing('delivery_method', join(fixtures, 'delivery-methods.csv'));
    expect(lines).toEqual([
      'schemas/codes/delivery_method.json: wrote 6 codes (1 added, 3 removed, 2 retitled)',
      'Stored products holding a removed code: not checked (--products none)',
    ]);
    const t = table('delivery_method');
    expect(t.oneOf).toEqual([
      { const: 1, title: 'US Mail', 'x-key': 'us_mail', 'x-details': true },
      { const: 2, title: 'Hand Delivered, by staff', 'x-key': 'hand_delivered', description: 'Delivered by hand' },
      { const: 3, title: 'Courier / Express', 'x-key': 'courier_express', 'x-details': true },
      { const: 4, title: 'Newspaper "Insert"', 'x-key': 'newspaper_insert' },
      { const: 7, title: 'Private Carrier', 'x-key': 'private_carrier', 'x-details': true },
      { const: 9, title: 'Mail Drop (Bulk)', 'x-key': 'mail_drop_bulk', description: 'A bulk drop, pre-sorted' },
    ]);
    expect(t).not.toHaveProperty('x-sample');
    expect(JSON.stringify(t)).not.toContain('x-sample');
    restore('delivery_method');
  });

  it('refuses a file with duplicate codes or bad rows, with every line, writing nothing', async () => {
    const before = tableText('delivery_method');
    const err = await importing('delivery_method', join(fixtures, 'duplicate-codes.csv')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodesInputError);
    const file = join(fixtures, 'duplicate-codes.csv');
    expect((err as Error).message).toBe(
      `nothing written:\n${file}: line 4: duplicate code 3 (also on line 3)\n${file}: line 6: code "x7" is not a whole number (the codes of Delivery method are integers)`,
    );
    expect(tableText('delivery_method')).toBe(before);
  });

  it('refuses unknown columns and a missing title column, naming them', async () => {
    const csv = join(tmp, 'odd.csv');
    writeFileSync(csv, 'code,Label Text,Notes\n1,Consumer,vip\n');
    const err = (await importing('audience', csv).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(CodesInputError);
    expect(err.message).toContain('no title column: name one "title" (or pass --title-column); columns: code, Label Text, Notes');
    expect(err.message).toContain('column "Label Text" is not code, title, key, description or an x- annotation');
    expect(err.message).toContain('column "Notes" is not code, title, key, description or an x- annotation: remove it or rename it x-notes');
  });

  it('refuses to drop a code a rule still reads, naming each rule by file and JSON path', async () => {
    const csv = join(tmp, 'audience-short.csv');
    writeFileSync(csv, 'code,title\n1,Consumer\n2,Employee / Business Owner\n');
    const err = (await importing('audience', csv).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(CodesRefused);
    const [head, ...readers] = err.message.split('\n');
    expect(head).toBe('refused: rules still read a code the file drops; keep it in the file or change the rules first:');
    expect(readers).toEqual([expect.stringMatching(/^rules\/product\/visibility\.json:\$\.rules\[\d+\]\.when\.and\[1\]\.in\[1\]\[2\]: rule delivery\.visible reads code 5 \(Consumer and Business\)$/)]);
    expect(tableText('audience')).toBe(readFileSync(join(projectRoot, 'schemas/codes/audience.json'), 'utf8'));
  });

  it('refuses a key change that breaks the rules naming the code by key (lint), writing nothing', async () => {
    const csv = join(tmp, 'sectors-rekeyed.csv');
    await exportCodeTable('sectors', csv, { dir }, print);
    writeFileSync(csv, readFileSync(csv, 'utf8').replace(',retail,', ',retail_trade,'));
    const err = (await importing('sectors', csv).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(CodesRefused);
    expect(err.message).toMatch(/^refused: the metadata would not lint with this table:\nrules\/product\/[a-z_-]+\.json:\$[^:]+: "retail" is not a code or key of Sector/);
  });

  it('counts and lists the stored products holding a removed code, sector chains included', async () => {
    const products = join(tmp, 'products.jsonl');
    const chain = (ids: number[]) => ids.map((id, i) => ({ id, name: String(id), sequence: i + 1 }));
    writeFileSync(products, [
      { product_id: 1, delivery: { delivery_method: 8 }, sectors: [chain([266, 1000])] },
      { product_id: 2, delivery: { delivery_method: 1 } },
      { product_id: 3, delivery: { delivery_method: 6 } },
    ].map((p) => JSON.stringify(p)).join('\n'));
    await importing('delivery_method', join(fixtures, 'delivery-methods.csv'), { products, dryRun: true });
    expect(lines).toEqual([
      'schemas/codes/delivery_method.json: would write 6 codes (1 added, 3 removed, 2 retitled)',
      'Stored products holding a removed code: 2 of 3',
      '  product 1: delivery.delivery_method = 8',
      '  product 3: delivery.delivery_method = 6',
    ]);
    // A dry run writes nothing.
    expect(tableText('delivery_method')).toBe(readFileSync(join(projectRoot, 'schemas/codes/delivery_method.json'), 'utf8'));

    // Electronics (1032) is a Retail category no rule names: a chain holding it is listed.
    writeFileSync(products, JSON.stringify({ product_id: 7, sectors: [chain([266, 1032])] }));
    const csv = join(tmp, 'categories.csv');
    await exportCodeTable('categories', csv, { dir }, print);
    writeFileSync(csv, readFileSync(csv, 'utf8').split('\n').filter((l) => !l.startsWith('1032,')).join('\n'));
    await importing('categories', csv, { products, dryRun: true });
    expect(lines).toEqual([
      `schemas/codes/categories.json: would write ${table('categories').oneOf.length - 1} codes (0 added, 1 removed, 0 retitled)`,
      'Stored products holding a removed code: 1 of 1',
      '  product 7: sectors.*.*.id = 1032',
    ]);
  });

  it('as `portal codes`: exits 0 done, 1 refused, 2 bad input, and says when there is no database to check', async () => {
    const env = { DATA_DIR: join(tmp, 'no-data'), DATABASE_URL: undefined };
    const ok = await runPortal(['codes', 'import', 'delivery_method', join(fixtures, 'delivery-methods.csv'), '--dir', dir, '--dry-run'], { env });
    expect(ok).toEqual({
      status: 0,
      stderr: '',
      stdout:
        'schemas/codes/delivery_method.json: would write 6 codes (1 added, 3 removed, 2 retitled)\n' +
        `Stored products holding a removed code: not checked: no database at ${join(tmp, 'no-data', 'db')} (set DATA_DIR or DATABASE_URL, or pass --products <file.jsonl>)\n`,
    });
    const refused = await runPortal(['codes', 'import', 'audience', join(tmp, 'audience-short.csv'), '--dir', dir, '--products', 'none']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^codes: refused: rules still read a code the file drops/);
    const bad = await runPortal(['codes', 'import', 'audience', join(fixtures, 'duplicate-codes.csv'), '--dir', dir]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('duplicate code 3 (also on line 3)');
    const missing = await runPortal(['codes', 'export', 'no_such_table', join(tmp, 'x.csv'), '--dir', dir]);
    expect(missing).toMatchObject({ status: 2, stderr: 'codes: no code table codes/no_such_table (schemas/codes/no_such_table.json)\n' });
  });
});
