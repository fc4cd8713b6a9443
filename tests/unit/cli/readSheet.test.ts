import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, describe, expect, it } from 'vitest';
import { readSheet, SheetError } from '../../../src/cli/codes/readSheet';
import { writeSheet } from '../../../src/cli/codes/writeSheet';

/** `portal codes import` from .xlsx (issue 30 item 1): a cell's text as Excel shows it, the rows' own line numbers. */
describe('readSheet on .xlsx workbooks', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-sheet-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('reads numbers as written, booleans and dates as shown, and keeps line numbers past an empty row', async () => {
    const file = join(tmp, 'typed.xlsx');
    await writeExcelFile(
      [
        ['code', 'title', 'flag', 'since'],
        [{ value: 7, type: Number }, ' Courier, Express ', true, { value: new Date(Date.UTC(2024, 4, 3)), type: Date, format: 'yyyy-mm-dd' }],
        [null, null, null, null],
        [{ value: 0.1, type: Number }, 'Tenth', false, null],
      ],
      { sheet: 'codes' },
    ).toFile(file);
    const sheet = await readSheet(file);
    expect(sheet.header).toEqual(['code', 'title', 'flag', 'since']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: ['7', ' Courier, Express ', 'TRUE', '2024-05-03'] },
      { line: 4, cells: ['0.1', 'Tenth', 'FALSE', ''] },
    ]);
  });

  it('round-trips text that looks like a number or a list', async () => {
    const file = join(tmp, 'text.xlsx');
    await writeSheet(file, { header: ['code', 'title'], rows: [{ line: 2, cells: ['007', '[1,2]'] }] });
    expect((await readSheet(file)).rows).toEqual([{ line: 2, cells: ['007', '[1,2]'] }]);
  });

  it('names a missing worksheet and refuses a file that is not a workbook', async () => {
    const file = join(tmp, 'named.xlsx');
    await writeSheet(file, { header: ['code', 'title'], rows: [] }, 'codes');
    await expect(readSheet(file, 'Sheet9')).rejects.toThrow(new SheetError(`${file} has no worksheet "Sheet9" (worksheets: codes)`));
    const bad = join(tmp, 'bad.xlsx');
    writeFileSync(bad, 'not a zip');
    await expect(readSheet(bad)).rejects.toThrow(/bad\.xlsx is not a readable \.xlsx workbook: /);
  });
});
