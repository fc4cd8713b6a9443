import type { CodeTable, CodeTables } from './types';

/**
 * The code table a `$ref` names. Accepts `codes/state`, `codes/state.json`, `../../codes/state.json`
 * and `#`-suffixed forms, so the metadata may write refs either way.
 */
export function resolveCodeTable(ref: string | undefined, codes: CodeTables): CodeTable | undefined {
  if (!ref) return undefined;
  const direct = codes[ref];
  if (direct) return direct;
  const at = ref.lastIndexOf('codes/');
  if (at < 0) return undefined;
  const id = ref.slice(at).replace(/#.*$/, '').replace(/\.json$/, '');
  return codes[id];
}
