import type { Doc } from '../../ui/form/types';
import { sameValue } from './sameProduct';

/** What the server owns: always the other copy's (the save that wins sets them again). */
const serverOwned = new Set(['product_id', 'productId', 'muid', 'entry_id', 'product_status', 'is_deleted', 'index_name', 'last_worked_user', 'metadata_version', 'added_to_database', 'updated_at', 'pdf_content', 'banner_product_path']);

/**
 * The other user's copy (`theirs`) with this editor's own changes drawn over it: every top-level field the editor
 * changed from the copy it loaded (`base`) takes the editor's value; every other field keeps theirs. A field both
 * changed shows the editor's, who checks it before saving.
 */
export function mergeOwnChanges(base: Doc, mine: Doc, theirs: Doc): Doc {
  const out: Doc = { ...theirs };
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    if (serverOwned.has(key) || sameValue(base[key], mine[key])) continue;
    if (mine[key] === undefined) delete out[key];
    else out[key] = mine[key];
  }
  return out;
}
