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
  const { default: writeExcelFile } = await import('write-excel-file/node');
  // Every cell as text in a text-formatted cell ('@'), so codes such as 007 and lists such as [1,2]
  // stay as written, also when someone retypes one in Excel.
  const text = (v: string) => ({ value: v, type: String, format: '@' });
  await writeExcelFile([sheet.header, ...sheet.rows.map((r) => r.cells)].map((row) => row.map(text)), { sheet: sheetName }).toFile(file);
}
