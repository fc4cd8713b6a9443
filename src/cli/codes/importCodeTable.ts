import { existsSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { buildModel, lintMetadata } from '../../engine';
import { productsHoldingCodes, rulesReadingCodes, sheetToCodeTable, type CodeTableFile } from '../../engine/codes';
import { canonicalJson } from '../../engine/diff/canonicalJson';
import type { LintProblem, Metadata } from '../../engine/types';
import { loadConfig } from '../../server/config';
import { CodesInputError, CodesRefused } from './CodesError';
import { codeTableTarget, loadMetadataFolder } from './codeTableTarget';
import { formatMetadataJson } from './formatMetadataJson';
import { readSheet, SheetError } from './readSheet';

export interface ImportCodesOptions {
  dir?: string;
  keyColumn?: string;
  codeColumn?: string;
  titleColumn?: string;
  sheet?: string;
  /** "db", a JSONL file of product documents, or "none". */
  products: string;
  dryRun?: boolean;
}

const problemKey = (p: LintProblem) => `${p.file}\u0001${p.path}\u0001${p.message}`;

/** The stored products to check, or why none are (no database yet, or none asked for). */
async function storedProducts(source: string): Promise<{ products: Array<{ id: string; doc: unknown }> } | { none: string }> {
  if (source === 'none') return { none: 'not checked (--products none)' };
  // Loaded here: the database drivers cost a second of start-up.
  const { readProductsFromDb, readProductsJsonl, InputError } = await import('../commands/rulesDiff');
  try {
    if (source !== 'db') return { products: readProductsJsonl(source) };
    const config = loadConfig(process.env);
    if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db'))) {
      return { none: `not checked: no database at ${join(config.dataDir, 'db')} (set DATA_DIR or DATABASE_URL, or pass --products <file.jsonl>)` };
    }
    return { products: await readProductsFromDb() };
  } catch (e) {
    if (e instanceof InputError) throw new CodesInputError(e.message);
    throw e;
  }
}

function codeName(table: CodeTableFile | undefined, code: string | number): string {
  const e = table?.oneOf.find((x) => String(x.const) === String(code));
  return e ? `${JSON.stringify(code)} (${e.title})` : JSON.stringify(code);
}

/**
 * `portal codes import`: the table from a spreadsheet, written only when every row is usable, no
 * rule reads a code it drops, and the metadata still lints; then the stored products holding a
 * dropped code, counted and listed. Throws CodesInputError or CodesRefused, writing nothing.
 */
export async function importCodeTable(name: string, file: string, opts: ImportCodesOptions, print: (line: string) => void): Promise<void> {
  const target = codeTableTarget(name);
  const { root, metadata } = loadMetadataFolder(opts.dir);
  const existing = metadata.files[target.rel] as CodeTableFile | undefined;
  let sheet;
  try {
    sheet = await readSheet(resolve(file), opts.sheet);
  } catch (e) {
    if (e instanceof SheetError) throw new CodesInputError(e.message);
    throw e;
  }
  const result = sheetToCodeTable(target.id, sheet, existing, { keyColumn: opts.keyColumn, codeColumn: opts.codeColumn, titleColumn: opts.titleColumn, source: basename(file) });
  if (!result.ok) throw new CodesInputError(`nothing written:\n${result.errors.map((e) => `${file}: ${e}`).join('\n')}`);
  const table = result.table;
  const write = async () => {
    if (!opts.dryRun) writeFileSync(join(root, target.rel), await formatMetadataJson(target.rel, table));
  };
  const verb = opts.dryRun ? 'would write' : existing ? 'wrote' : 'created';
  // The same table (an export read back): nothing to check, the file is laid out again.
  if (existing && canonicalJson(existing) === canonicalJson(table)) {
    print(`${target.rel}: ${verb} ${table.oneOf.length} codes (unchanged)`);
    return write();
  }

  const kept = new Set(table.oneOf.map((e) => String(e.const)));
  const dropped = (existing?.oneOf ?? []).filter((e) => !kept.has(String(e.const))).map((e) => e.const);
  const before = buildModel(metadata);
  const readers = rulesReadingCodes(before, target.id, dropped);
  if (readers.length) {
    const one = readers.length === 1;
    throw new CodesRefused(
      `refused: rules still read ${one ? 'a code' : 'codes'} the file drops; keep ${one ? 'it' : 'them'} in the file or change the rules first:\n` +
        readers.map((r) => `${r.file}:${r.path}: rule ${r.rule} reads code ${codeName(existing, r.code)}`).join('\n'),
    );
  }
  const after: Metadata = { files: { ...metadata.files, [target.rel]: table } };
  const known = new Set(lintMetadata(metadata).map(problemKey));
  const problems = lintMetadata(after).filter((p) => !known.has(problemKey(p)));
  if (problems.length) throw new CodesRefused(`refused: the metadata would not lint with this table:\n${problems.map((p) => `${p.file}:${p.path}: ${p.message}`).join('\n')}`);

  const oldByCode = new Map((existing?.oneOf ?? []).map((e) => [String(e.const), e]));
  const added = table.oneOf.filter((e) => !oldByCode.has(String(e.const))).length;
  const retitled = table.oneOf.filter((e) => oldByCode.get(String(e.const)) && oldByCode.get(String(e.const))!.title !== e.title).length;
  print(`${target.rel}: ${verb} ${table.oneOf.length} codes (${added} added, ${dropped.length} removed, ${retitled} retitled)`);
  if (dropped.length) {
    const stored = await storedProducts(opts.products);
    if ('none' in stored) print(`Stored products holding a removed code: ${stored.none}`);
    else {
      const holding = productsHoldingCodes(before, target.id, dropped, stored.products);
      print(`Stored products holding a removed code: ${holding.length} of ${stored.products.length}`);
      for (const h of holding) print(`  product ${h.id}: ${h.values.join(', ')}`);
    }
  }
  return write();
}
