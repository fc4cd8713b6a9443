import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Sheet } from '../../engine/codes';
import { SheetError } from './readSheet';

/** Writes a CSV (UTF-8 with a BOM, so Excel reads accents right) or an .xlsx workbook. */
export async function writeSheet(file: string, sheet: Sheet, sheetName = 'codes'): Promise<void> {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') {
    writeFileSync(file, stringify([sheet.header, ...sheet.rows.map((r) => r.cells)], { bom: true }));
    return;
  }
  if (ext !== '.xlsx') throw new SheetError(`${file}: use a .csv or .xlsx file`);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetName);
  // Every cell as text, so codes such as 007 and lists such as [1,2] stay as written.
  ws.addRow(sheet.header);
  for (const r of sheet.rows) ws.addRow(r.cells);
  ws.eachRow((row) => row.eachCell((c) => (c.numFmt = '@')));
  await book.xlsx.writeFile(file);
}
