import type { CodeEntry } from '../engine/types';

/**
 * The entries of the code table a `$ref` names (`codes/<name>`, `../codes/<name>.json`, ...) in the
 * metadata files the server serves (GET /api/metadata); none when the table is absent. The one reader
 * of code tables for screens that take them from those files (dashboards, predictions, the Admin Portal).
 */
export function codeTableEntries(files: Record<string, unknown> | undefined, ref: string | undefined): CodeEntry[] {
  if (!files || !ref) return [];
  const name = ref.replace(/^.*codes\//, '').replace(/\.json$/, '');
  return (files[`schemas/codes/${name}.json`] as { oneOf?: CodeEntry[] } | undefined)?.oneOf ?? [];
}
