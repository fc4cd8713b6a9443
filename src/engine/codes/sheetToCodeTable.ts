import type { CodeTableEntry, CodeTableFile, Sheet } from './CodeTableFile';

export interface SheetImportOptions {
  /** The column holding the codes (default: the first of code, const, id, value). */
  codeColumn?: string;
  /** The column holding the titles (default: the first of title, name, label). */
  titleColumn?: string;
  /** The column holding the keys (default: key or x-key; without one, keys are kept or derived). */
  keyColumn?: string;
  /** Where the codes come from, for a new table's `x-source` (the file name). */
  source: string;
}

export type SheetImportResult = { ok: true; table: CodeTableFile } | { ok: false; errors: string[] };

type Kind = 'string' | 'number' | 'boolean' | 'json';

const defaults = { code: ['code', 'const', 'id', 'value'], title: ['title', 'name', 'label'], key: ['key', 'x-key'] };
const MAX_ERRORS = 20;

/** A key for a title: lower-case words joined by `_` ("Courier / Express" → `courier_express`). */
export function keyOfTitle(title: string): string {
  const words = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.join('_');
}

/** How the table writes an annotation today, so a cell is read back as the same JSON type. */
function kindsOf(existing: CodeTableFile | undefined): Map<string, Kind> {
  const out = new Map<string, Kind>();
  for (const e of existing?.oneOf ?? []) {
    for (const [k, v] of Object.entries(e)) {
      if (out.has(k) || v === undefined || v === null) continue;
      out.set(k, typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'json');
    }
  }
  return out;
}

/** A cell read as the annotation's JSON type; a new annotation: JSON when the text is JSON, else text. */
function readCell(text: string, kind: Kind | undefined): { value: unknown } | { error: string } {
  if (kind === 'string') return { value: text };
  if (kind === 'boolean') {
    const t = text.toLowerCase();
    if (['true', 'yes', '1'].includes(t)) return { value: true };
    if (['false', 'no', '0'].includes(t)) return { value: false };
    return { error: `"${text}" is not true or false` };
  }
  if (kind === 'number') return Number.isFinite(Number(text)) ? { value: Number(text) } : { error: `"${text}" is not a number` };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return kind === 'json' ? { error: `"${text}" is not JSON (a list is written like [1, 2])` } : { value: text };
  }
}

/** An entry with the keys of the one it replaces in their old order, then the new ones. */
function ordered(values: Record<string, unknown>, old: CodeTableEntry | undefined): CodeTableEntry {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(old ?? {})) if (values[k] !== undefined) out[k] = values[k];
  for (const [k, v] of Object.entries(values)) if (v !== undefined && !(k in out)) out[k] = v;
  return out as CodeTableEntry;
}

const humanName = (id: string) => {
  const name = id.replace(/^codes\//, '').replace(/_/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * A code table from a spreadsheet (pure): one entry per non-blank row, in the sheet's order, with
 * the code, title, key (the key column's, else the code's current key, else derived from the title),
 * description and every `x-` column as annotations (an empty cell: none). A code already in the
 * table keeps what the file has no column for; the table's own properties are kept. Nothing is
 * marked as sample unless an `x-sample` column says so, and a table marked sample stops being one
 * when any entry is real. Every problem is reported with its line: unknown or missing columns, rows
 * without a code or title, codes of the wrong type, duplicate codes or keys.
 */
export function sheetToCodeTable(id: string, sheet: Sheet, existing: CodeTableFile | undefined, opts: SheetImportOptions): SheetImportResult {
  const errors: string[] = [];
  const header = sheet.header.map((h) => h.trim());
  const find = (given: string | undefined, names: string[], what: string): number => {
    if (given !== undefined) {
      const i = header.findIndex((h) => h.toLowerCase() === given.trim().toLowerCase());
      if (i < 0) errors.push(`no column "${given}" for the ${what} (columns: ${header.join(', ')})`);
      return i;
    }
    for (const n of names) {
      const i = header.findIndex((h) => h.toLowerCase() === n);
      if (i >= 0) return i;
    }
    return -1;
  };
  const codeCol = find(opts.codeColumn, defaults.code, 'codes');
  const titleCol = find(opts.titleColumn, defaults.title, 'titles');
  const keyCol = find(opts.keyColumn, defaults.key, 'keys');
  const descCol = header.findIndex((h) => h.toLowerCase() === 'description');
  if (codeCol < 0 && opts.codeColumn === undefined) errors.push(`no code column: name one "code" (or pass --code-column); columns: ${header.join(', ') || '(none)'}`);
  if (titleCol < 0 && opts.titleColumn === undefined) errors.push(`no title column: name one "title" (or pass --title-column); columns: ${header.join(', ') || '(none)'}`);
  const used = new Set([codeCol, titleCol, keyCol, descCol]);
  const annotations = new Map<number, string>();
  header.forEach((h, i) => {
    if (used.has(i)) return;
    if (h === '' && sheet.rows.every((r) => (r.cells[i] ?? '').trim() === '')) return;
    if (/^x-[A-Za-z0-9_-]+$/.test(h) && h !== 'x-key') annotations.set(i, h);
    else errors.push(`column "${h}" is not code, title, key, description or an x- annotation: remove it or rename it x-${keyOfTitle(h).replace(/_/g, '-') || 'name'}`);
  });
  const seenHeader = new Map<string, number>();
  header.forEach((h, i) => {
    const k = h.toLowerCase();
    if (k && seenHeader.has(k)) errors.push(`column "${h}" appears twice (columns ${seenHeader.get(k)! + 1} and ${i + 1})`);
    else seenHeader.set(k, i);
  });
  if (errors.length) return { ok: false, errors };

  const columnNames = new Set([...annotations.values(), ...(descCol >= 0 ? ['description'] : [])]);
  const rows = sheet.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (!rows.length) return { ok: false, errors: ['the file holds no codes (only a header or blank rows)'] };
  const cell = (r: { cells: string[] }, i: number) => (i >= 0 ? (r.cells[i] ?? '').trim() : '');
  const type = existing?.type ?? (rows.every((r) => /^-?\d+$/.test(cell(r, codeCol))) ? 'integer' : 'string');
  const kinds = kindsOf(existing);
  const oldByCode = new Map((existing?.oneOf ?? []).map((e) => [String(e.const), e]));
  const codeLine = new Map<string, number>();
  const keyLine = new Map<string, number>();
  const entries: CodeTableEntry[] = [];
  // Entries that get a key derived from their title, once every given or kept key is known.
  const derived: Array<{ index: number; values: Record<string, unknown>; old: CodeTableEntry | undefined }> = [];

  for (const r of rows) {
    const fail = (msg: string) => errors.length < MAX_ERRORS && errors.push(`line ${r.line}: ${msg}`);
    const raw = cell(r, codeCol);
    if (raw === '') {
      fail('no code');
      continue;
    }
    if (type === 'integer' && !/^-?\d+$/.test(raw)) {
      fail(`code "${raw}" is not a whole number (the codes of ${existing?.title ?? id} are integers)`);
      continue;
    }
    const code = type === 'integer' ? Number(raw) : raw;
    if (codeLine.has(String(code))) {
      fail(`duplicate code ${JSON.stringify(code)} (also on line ${codeLine.get(String(code))})`);
      continue;
    }
    codeLine.set(String(code), r.line);
    const title = cell(r, titleCol);
    if (title === '') fail(`code ${JSON.stringify(code)} has no title`);
    const old = oldByCode.get(String(code));
    const values: Record<string, unknown> = { const: code, title };
    const givenKey = cell(r, keyCol);
    values['x-key'] = givenKey || (typeof old?.['x-key'] === 'string' ? old['x-key'] : undefined);
    // What the file has no column for stays as it was (policy such as x-action or x-details), except
    // x-sample: the file's codes are real unless an x-sample column says otherwise.
    for (const [k, v] of Object.entries(old ?? {})) if (!(k in values) && k !== 'x-sample' && !columnNames.has(k)) values[k] = v;
    if (descCol >= 0) values.description = cell(r, descCol) || undefined;
    for (const [i, name] of annotations) {
      const text = cell(r, i);
      if (text === '') continue;
      const v = readCell(text, kinds.get(name));
      if ('error' in v) fail(`${name} of code ${JSON.stringify(code)}: ${v.error}`);
      else values[name] = v.value;
    }
    if (typeof values['x-key'] === 'string') {
      const k = values['x-key'];
      if (keyLine.has(k)) fail(`duplicate key "${k}" (also on line ${keyLine.get(k)})`);
      else keyLine.set(k, r.line);
    } else if (!old && (existing === undefined || existing.oneOf.some((e) => typeof e['x-key'] === 'string'))) {
      // A new code of a table that names its codes by key gets a key too.
      derived.push({ index: entries.length, values, old });
    }
    entries.push(ordered(values, old));
  }
  for (const { index, values, old } of derived) {
    let k = keyOfTitle(String(values.title)) || `code_${String(values.const)}`;
    if (keyLine.has(k)) k = `${k}_${keyOfTitle(String(values.const))}`;
    keyLine.set(k, 0);
    values['x-key'] = k;
    entries[index] = ordered(values, old);
  }
  if (errors.length) return { ok: false, errors };

  const table: Record<string, unknown> = existing ? { ...existing, oneOf: entries } : { $id: id, title: humanName(id), type, 'x-source': `imported from ${opts.source}`, oneOf: entries };
  if (table['x-sample'] === true && !entries.every((e) => e['x-sample'] === true)) delete table['x-sample'];
  return { ok: true, table: table as CodeTableFile };
}
