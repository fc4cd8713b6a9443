import type { CodeTables } from '../../../ui/form/types';

/** The title of a code id in a table (`codes/state`), or the id as text. */
export function codeTitle(codes: CodeTables, table: string, id: unknown): string {
  if (id === undefined || id === null || id === '') return '';
  const entry = codes[table]?.oneOf.find((e) => String(e.const) === String(id));
  return entry ? (entry['x-summary'] as string | undefined) ?? entry.title : String(id);
}
