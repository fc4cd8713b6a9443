import type { CodeTableFile, Sheet } from './CodeTableFile';

/** A cell's text: strings as they are, numbers and booleans as written in JSON, lists and objects as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A code table as a spreadsheet: `code`, `title`, `key` (x-key), `description`, then one column per
 * `x-` annotation its entries carry, named as in the JSON (`x-parent`, `x-sample`), in first-use
 * order. sheetToCodeTable reads it back to the same table.
 */
export function codeTableToSheet(table: CodeTableFile): Sheet {
  const annotations: string[] = [];
  for (const e of table.oneOf) for (const k of Object.keys(e)) if (k.startsWith('x-') && k !== 'x-key' && !annotations.includes(k)) annotations.push(k);
  const header = ['code', 'title', 'key', 'description', ...annotations];
  const rows = table.oneOf.map((e, i) => ({
    line: i + 2,
    cells: [cellText(e.const), e.title, cellText(e['x-key']), cellText(e.description), ...annotations.map((a) => cellText(e[a]))],
  }));
  return { header, rows };
}
