import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { StatusActionName } from '../../api/products';
import { noPermissionMessage, requireAuth } from '../auth/access';
import { hasPermission } from '../auth/AuthContext';
import type { Db, Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';
import { httpError } from '../httpError';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { lostUpdateText } from '../../shared/lostUpdateText';
import { metadataStore } from '../metadata/metadataStore';
import { lostUpdateCode } from '../../shared/lostUpdateCode';
import { attachStagedUpload, stagedUploadFields, takeStagedUpload } from './stagedUpload';
import { storedImageErrors } from './missingStoredImage';
import { prepareDocument } from './prepareDocument';
import { productEngine } from './productEngine';
import { markEmailUsed } from '../emails/markEmailUsed';
import { ProductRefused } from './ProductRefused';
import { editorIdOf } from './editorIdOf';
import { asShownToEditor, changedKeys, findProduct, insertProduct, nextProductId, recordProductActivity, updateProduct, type ProductRow } from './productStore';
import { requireDocumentSectors } from './sectorAccess';
import { actionOfStatus, rulesOfAction, statusChangePermission, statusOfAction } from './statusActions';

/** 001 §4 deleted-product notice: a deleted product is read-only until an administrator restores it. */
export const deletedProductMessage = 'This product has been moved to the archive section; contact an administrator to restore it.';

export interface SaveRequest {
  /** The product JSON as the editor sends it (product_id set for an update). */
  document: Record<string, unknown>;
  /** A status action (POST /api/product/{id}/status): sets its status and checks its rules. */
  action?: StatusActionName;
  /** The product a status action names (the path id wins over the document's). */
  productId?: number;
  /**
   * The email a new product is catalogued from, as the calling flow checked it (accepting a
   * prediction, emailOfNewProduct); the document's own muid is never taken (issue 26 §10).
   */
  emailLink?: number;
  /**
   * The editor's copy: the `updated_at` of the product as the editor loaded it (or last saved it). A save
   * over another user's later change is refused (409) instead of undoing it; none for a server-side
   * save that starts from the stored product (accepting a prediction).
   */
  baseUpdatedAt?: unknown;
}

export interface SaveResult {
  row: ProductRow;
  created: boolean;
  /** The rule actions the document passed. */
  actions: string[];
}

export function productIdOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v) && Number(v) > 0) return Number(v);
  return undefined;
}

function statusOf(v: unknown, fallback: number): number {
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  return Number.isInteger(n) ? n : fallback;
}

/**
 * Entry ids begin with the entry date (001 §3); twelve random digits tell entries of one day apart.
 * Digits and hyphens only, so the dashboards' Assign Copies field (000 §5) accepts them.
 */
export function newEntryId(doc: Record<string, unknown>): string {
  const date = typeof doc.entry_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(doc.entry_date) ? doc.entry_date : new Date().toISOString().slice(0, 10);
  return `${date}-${randomInt(100_000_000_000, 1_000_000_000_000)}`;
}

/**
 * Creates or updates a product the way the rules allow, or stores nothing: the same engine the
 * editor runs evaluates `save` (and the status action when the status changes); any problem
 * throws ProductRefused (422). Allowed sectors are enforced on every chain (403), deleted products
 * are read-only (409). The write and its activity row share one transaction.
 */
export async function saveProduct(db: Db, storage: FileStorage, req: FastifyRequest, input: SaveRequest): Promise<SaveResult> {
  const auth = requireAuth(req);
  const { engine, version } = productEngine();
  const id = input.productId ?? productIdOf(input.document.product_id);
  if (input.document.product_id !== undefined && input.document.product_id !== null && input.document.product_id !== '' && id === undefined) {
    throw httpError(400, 'product_id must be a positive whole number.');
  }
  return db.transaction(async (tx) => {
    const stored = id === undefined ? undefined : await findProduct(tx, id, { forUpdate: true });
    if (id !== undefined && !stored) throw httpError(404, `Product ${id} not found`);
    if (!stored && !hasPermission(auth, 'product', 'add')) throw httpError(403, noPermissionMessage);
    // Changing a stored product is product:edit, whichever route saves it (the editor, accepting a
    // prediction); a status action alone needs only its own operation (checked below).
    if (stored && !input.action && !hasPermission(auth, 'product', 'edit')) throw httpError(403, noPermissionMessage);
    if (stored?.is_deleted === 1) throw httpError(409, deletedProductMessage);
    const editorId = editorIdOf(req);
    if (stored) await refuseLostUpdate(tx, auth.username, editorId, stored.product_id, input.baseUpdatedAt);

    const doc: Record<string, unknown> = { ...input.document };
    const previousStatus = stored?.product_status ?? 0;
    const actionStatus = input.action ? statusOfAction(input.action) : undefined;
    if (input.action && actionStatus === undefined) throw httpError(400, `unknown status action "${input.action}"`);
    const status = actionStatus ?? statusOf(doc.product_status, previousStatus);
    doc.product_status = status;
    const statusAction = input.action ?? (status !== previousStatus ? actionOfStatus(status) : undefined);
    // Every status change needs the operation of the action leading to it, whichever route
    // carries it (issue 26 §5); a status no action sets needs the table's approve-level operation.
    const needed = statusChangePermission(stored ? previousStatus : undefined, status, statusAction);
    if (needed && !hasPermission(auth, 'product', needed)) throw httpError(403, noPermissionMessage);
    requireDocumentSectors(req, stored?.document, doc);

    // Columns the server owns: the id, the email it came from, the entry id, deletion.
    const muid = stored ? stored.muid ?? undefined : input.emailLink;
    if (muid === undefined) delete doc.muid;
    else doc.muid = String(muid);
    if (stored) {
      doc.entry_id = stored.entry_id ?? doc.entry_id;
      // Filled by the PDF processing in the background: an editor's older copy must not undo it.
      for (const k of ['pdf_content', 'banner_product_path']) if (stored.document[k] !== undefined && stored.document[k] !== '') doc[k] = stored.document[k];
    } else if (typeof doc.entry_id !== 'string' || !/^\d{4}-\d{2}-\d{2}[\d -]*$/.test(doc.entry_id)) {
      doc.entry_id = newEntryId(doc);
    }
    doc.is_deleted = 0;
    doc.last_worked_user = auth.username;

    const actions = statusAction ? rulesOfAction(statusAction) : ['save'];
    const prepared = prepareDocument(engine, doc, actions);
    // A Product Image naming a stored file that is missing: the engine cannot see storage.
    prepared.errors.push(...(await storedImageErrors(engine, tx, storage, prepared.document, actions, prepared.errors)));
    if (prepared.errors.length) throw new ProductRefused(prepared.errors);

    const productId = stored?.product_id ?? (await nextProductId(tx));
    let document: Record<string, unknown> = { ...prepared.document, product_id: productId };
    // 001 §5 Product Media/PDF on add: the file uploaded before this first save becomes the product's.
    const token = input.document.staged_upload;
    const staged = !stored && typeof token === 'string' && token ? await takeStagedUpload(tx, token, auth.username) : undefined;
    if (staged) document = { ...document, ...stagedUploadFields(staged, productId) };
    const meta = { version, user: auth.username };
    const row = stored ? await updateProduct(tx, productId, document, meta) : await insertProduct(tx, productId, document, meta);
    if (staged) await attachStagedUpload(tx, staged, productId, auth.username);
    if (!stored && muid !== undefined) await markEmailUsed(tx, auth, muid, productId, typeof document.entry_id === 'string' ? document.entry_id : null);
    const diff = changedKeys(stored ? asShownToEditor(stored.document) : null, document);
    const what = stored ? (statusAction ?? 'update') : statusAction ? `create+${statusAction}` : 'create';
    await recordProductActivity(tx, auth, productId, what, diff.before, diff.after, editorId);
    return { row, created: !stored, actions };
  });
}

/** Product changes that are not another editor's copy of the document: background work, links sent, image settings. */
const notAnEdit = ['pdf_processed', 'pdf_failed', 'send_link', 'default_image', 'rotate_image', 'resample'];

/**
 * Refuses (409) a save whose editor loaded the product before another change: the later save would silently undo it
 * (two editors on one product, a reviewer's status action, an accepted prediction, the same user in another tab or
 * window). The activity log says who, when and from which editor load: another user's change is a conflict; so is,
 * for a save from an editor load (editorIdOf), the same user's change from anywhere else: another load, or a write that
 * names none (a prediction accepted on its screen, a move into this product, a script). This load's own saves and
 * uploads and the server's background work are not; a save naming no load is checked against other users only. Milliseconds: the editor's copy carries its time as JSON (ms), the log's is microseconds.
 */
async function refuseLostUpdate(tx: Queryable, username: string, editorId: string | undefined, productId: number, base: unknown): Promise<void> {
  if (typeof base !== 'string' || Number.isNaN(Date.parse(base))) return;
  const later = await tx.query<{ username: string; at: Date | string }>(
    `select username, at from activity
      where entity = 'product' and entity_id = $1 and date_trunc('milliseconds', at) > $2::timestamptz
        and username is not null and action <> all($4::text[])
        and (username <> $3 or ($5::text is not null and editor_id is distinct from $5::text))
      order by at desc, id desc limit 1`,
    [String(productId), new Date(base).toISOString(), username, notAnEdit, editorId ?? null],
  );
  const other = later.rows[0];
  if (!other) return;
  // Worded in the rule file (x-messages) as the server runs it now; the time is the portal's UTC format.
  const at = formatEmailDate(new Date(other.at), { utc: true });
  const files = metadataStore().current().metadata.files;
  const message = other.username === username ? lostUpdateText(files, 'lostUpdateOwn', { at }) : lostUpdateText(files, 'lostUpdate', { user: other.username, at });
  throw httpError(409, message, lostUpdateCode);
}
