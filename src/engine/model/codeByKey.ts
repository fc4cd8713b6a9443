import type { MetadataModel } from './MetadataModel';

/**
 * The code of a table's entry named by its `x-key` (`codeByKey(model, 'codes/media_channel', 'email')`
 * is 3): TypeScript names codes by key, never by number. Throws when the table has no such key, so
 * code and metadata that disagree fail at once rather than store a wrong number.
 */
export function codeByKey(model: MetadataModel, table: string, key: string): string | number {
  const entry = model.codeTables.get(table)?.entries.find((e) => e['x-key'] === key);
  if (!entry) throw new Error(`${table} has no code with x-key "${key}"`);
  return entry.const;
}
