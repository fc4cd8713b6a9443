import { resolve } from 'node:path';
import { codeTableToSheet, type CodeTableFile } from '../../engine/codes';
import { CodesInputError } from './CodesError';
import { codeTableTarget, loadMetadataFolder } from './codeTableTarget';
import { SheetError } from './readSheet';
import { writeSheet } from './writeSheet';

/** `portal codes export`: a code table as a .csv or .xlsx file that `codes import` reads back to the same table. */
export async function exportCodeTable(name: string, file: string, opts: { dir?: string }, print: (line: string) => void): Promise<void> {
  const target = codeTableTarget(name);
  const { metadata } = loadMetadataFolder(opts.dir);
  const table = metadata.files[target.rel] as CodeTableFile | undefined;
  if (!table) throw new CodesInputError(`no code table ${target.id} (${target.rel})`);
  try {
    await writeSheet(resolve(file), codeTableToSheet(table));
  } catch (e) {
    if (e instanceof SheetError) throw new CodesInputError(e.message);
    throw e;
  }
  print(`${file}: ${table.oneOf.length} codes of ${table.title} (${target.rel})`);
}
