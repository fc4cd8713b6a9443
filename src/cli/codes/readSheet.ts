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

/** A cell's text as Excel shows it: numbers as written (parseNumber below), booleans as TRUE/FALSE, dates as YYYY-MM-DD. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

async function readXlsx(file: string, sheetName?: string): Promise<Sheet> {
  // Loaded only for spreadsheets.
  const { readSheet: readXlsxSheet } = await import('read-excel-file/node');
  let data: unknown[][];
  try {
    // Numbers as the file writes them (no float rounding of a code), text untrimmed; formulas by
    // their stored result, links by their text.
    data = await readXlsxSheet(file, sheetName ?? 1, { trim: false, parseNumber: (n: string) => n });
  } catch (e) {
    const err = e as Error & { sheets?: string[] };
    if (err.name === 'SheetNotFoundError') throw new SheetError(`${file} has no worksheet "${sheetName}"${err.sheets ? ` (worksheets: ${err.sheets.join(', ')})` : ''}`);
    throw new SheetError(`${file} is not a readable .xlsx workbook: ${err.message}`);
  }
  // Rows keep the sheet's row numbers (line = index + 1); empty ones are skipped.
  const lines = data.map((cells, i) => ({ line: i + 1, cells: cells.map(cellText) })).filter((r) => r.cells.some((c) => c !== ''));
  const width = lines.reduce((w, r) => Math.max(w, r.cells.length), 0);
  const pad = (cells: string[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
  const [head, ...rest] = lines;
  if (!head) throw new SheetError(`${file} is empty: a header row (code, title, ...) is needed`);
  return { header: pad(head.cells), rows: rest.map((r) => ({ line: r.line, cells: pad(r.cells) })) };
}

/** A CSV (UTF-8, BOM or not) or .xlsx file as a header and rows with the line numbers a person sees. */
export async function readSheet(file: string, sheetName?: string): Promise<Sheet> {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return readCsv(file);
  if (ext === '.xlsx') return readXlsx(file, sheetName);
  throw new SheetError(`${file}: use a .csv or .xlsx file`);
}
