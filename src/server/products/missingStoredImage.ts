import type { Engine, RuleError } from '../../engine';
import type { Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';
import { StorageKeyError } from '../storage/FileStorage';
import { validateKey } from '../storage/validateKey';

/** The rule that refuses a Product Image that cannot be shown; a stored file that is missing is refused in its words. */
const SHOWABLE_RULE = 'product_image.showable';
const IMAGE_FIELD = 'product_image';
const PAGE_IMAGE = /^\/api\/product-images\/(\d{1,15})$/;
/** An address with a scheme (http(s): never fetched) or a root-relative path on the portal's host: not a storage key. */
const NOT_A_KEY = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/)/;

/**
 * Whether a Product Image names a file of the portal that does not exist: a page image
 * (`/api/product-images/<id>`) with no row or no stored image, or a relative path (a key of the
 * portal's storage, DATA_DIR/files or the bucket) with no file. The engine sees only the value's
 * form (product_image.showable); storage is the server's (docs/decisions/product-image-showable.md).
 */
export async function missingStoredImage(db: Queryable, storage: FileStorage, value: unknown): Promise<boolean> {
  if (typeof value !== 'string' || value === '') return false;
  const page = PAGE_IMAGE.exec(value);
  if (page) {
    const r = await db.query<{ storage_key: string }>('select storage_key from product_images where id = $1', [Number(page[1])]);
    const key = r.rows[0]?.storage_key;
    return !key || !(await storage.exists(key));
  }
  if (NOT_A_KEY.test(value)) return false;
  try {
    return !(await storage.exists(validateKey(value)));
  } catch (e) {
    // A path that could name nothing inside storage (`..`, a backslash) names no stored file.
    if (e instanceof StorageKeyError) return true;
    throw e;
  }
}

/**
 * The showable rule's refusal when a save runs one of its actions (approve) and the document's
 * Product Image names a stored file that does not exist; none when the rule itself already refused
 * the value's form.
 */
export async function storedImageErrors(engine: Engine, db: Queryable, storage: FileStorage, doc: Record<string, unknown>, actions: readonly string[], found: readonly RuleError[]): Promise<RuleError[]> {
  const rule = engine.rules.find((r) => r.id === SHOWABLE_RULE);
  if (!rule?.message || !rule.actions?.some((a) => actions.includes(a)) || found.some((e) => e.rule === SHOWABLE_RULE)) return [];
  return (await missingStoredImage(db, storage, doc[IMAGE_FIELD])) ? [{ rule: SHOWABLE_RULE, field: IMAGE_FIELD, message: rule.message }] : [];
}
