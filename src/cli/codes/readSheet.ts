import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Sheet } from '../../engine/codes';

/** A file that cannot be read as a spreadsheet, with the reason in words. */
export class SheetError extends Error {}

function readCsv(file: string): Sheet {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // bom: Excel's "CSV UTF-8" starts with one; relax_column_count: a row may stop early. The types
    // do not model `info: true` (records come as {record, info}), hence the cast.
    records = parse(readFileSync(file), { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (e) {
    throw new SheetError(`${file} is not a readable CSV file: ${(e as Error).message}`);
  }
  if (!records.length) throw new SheetError(`${file} is empty: a header row (code, title, ...) is needed`);
  const [head, ...rest] = records;
  return { header: head.record, rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

async function readXlsx(file: string, sheetName?: string): Promise<Sheet> {
  // exceljs is large: loaded only for spreadsheets.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.readFile(file);
  } catch (e) {
    throw new SheetError(`${file} is not a readable .xlsx workbook: ${(e as Error).message}`);
  }
  const sheet = sheetName === undefined ? book.worksheets[0] : book.getWorksheet(sheetName);
  if (!sheet) throw new SheetError(sheetName === undefined ? `${file} has no worksheet` : `${file} has no worksheet "${sheetName}" (worksheets: ${book.worksheets.map((w) => w.name).join(', ')})`);
  const rows: Sheet['rows'] = [];
  let header: string[] | undefined;
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    // A cell's text is what Excel shows: numbers as typed, formulas by their result, links by their text.
    const cells = Array.from({ length: width }, (_, i) => row.getCell(i + 1).text ?? '');
    if (!header) header = cells;
    else rows.push({ line: n, cells });
  });
  if (!header) throw new SheetError(`${file} is empty: a header row (code, title, ...) is needed`);
  return { header, rows };
}

/** A CSV (UTF-8, BOM or not) or .xlsx file as a header and rows with the line numbers a person sees. */
export async function readSheet(file: string, sheetName?: string): Promise<Sheet> {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return readCsv(file);
  if (ext === '.xlsx') return readXlsx(file, sheetName);
  throw new SheetError(`${file}: use a .csv or .xlsx file`);
}
