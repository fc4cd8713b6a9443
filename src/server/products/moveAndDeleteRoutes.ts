import type { FastifyReply } from 'fastify';
import type {
  MoveConfirmRequest, MoveConfirmResponse, MoveLookupRequest, MoveLookupResponse, MoveTarget, MoveValidateRequest, MoveValidateResponse,
} from '../../api/products';
import { canUseSector, noPermissionMessage, requireAuth } from '../auth/access';
import type { AuthContext } from '../auth/AuthContext';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { productSchema } from './productApiSchemas';
import { readonlyReasons } from '../../engine/explain/readonlyReasons';
import { metadataStore } from '../metadata/metadataStore';
import { fillMessage } from '../../shared/fillMessage';
import { productEngine } from './productEngine';
import { prepareDocument } from './prepareDocument';
import { changedKeys, findProduct, findProductByEntryId, recordProductActivity, setDeleted, updateProduct, type ProductRow } from './productStore';
import { productIdOf } from './saveProduct';
import { chainRoots } from './sectorAccess';

const perm = (operation: string) => ({ permission: { module: 'product', operation } });

/** The move-and-delete texts (001 §8), kept with its rules: `x-messages` of this rule file. */
export const MOVE_RULE_FILE = 'rules/product/move-and-delete.json';
export const moveMessageKeys = ['productIdEmpty', 'entryIdNotFound', 'found', 'valid', 'moved', 'deleted', 'same', 'noTarget'] as const;
export type MoveMessage = (typeof moveMessageKeys)[number];

/** A move-and-delete text from the metadata the server serves, its {placeholders} filled. */
export function moveMessage(key: MoveMessage, values: Record<string, string> = {}): string {
  const file = metadataStore().current().metadata.files[MOVE_RULE_FILE] as { 'x-messages'?: Record<string, string> } | undefined;
  const text = file?.['x-messages']?.[key];
  if (typeof text !== 'string') throw new Error(`${MOVE_RULE_FILE} has no x-messages.${key}`);
  return fillMessage(text, values);
}

/** The move_and_delete checks of the rules (entry id given, contains yyyy-mm-dd, panelist date) on a document. */
function entryIdErrors(doc: Record<string, unknown>, entryId: string) {
  const { engine } = productEngine();
  return engine.evaluate({ ...doc, move_and_delete: { entry_id: entryId } }, { action: 'move_and_delete' }).errors;
}

/** Object-level access (issue 11): every sector the product's chains name must be the caller's. */
const mayUse = (auth: AuthContext, row: ProductRow) => chainRoots(row.document).every((id) => canUseSector(auth, id));

const targetOf = (row: ProductRow): MoveTarget => ({ product_id: row.product_id, entry_id: row.entry_id ?? '', product_status: row.product_status, entry_date: row.entry_date });

/**
 * Move and delete (001 §2, §4, §5, §7): look up a product's entry id, validate a target entry id,
 * then move the source product's panelists to the target entry's product and soft-delete the
 * source. Answers carry status_code as the legacy calls did; the HTTP status is the same code.
 */
export const moveAndDeleteRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  const send = <T extends { status_code: number }>(reply: FastifyReply, body: T) => reply.code(body.status_code).send(body);

  app.post<{ Body: MoveLookupRequest }>('/api/move-and-delete/lookup', { config: perm('edit'), schema: { body: productSchema('MoveLookupRequest') } }, async (req, reply) => {
    const raw = req.body.product_id;
    if (raw === '' || raw === null || raw === undefined) return send<MoveLookupResponse>(reply, { status_code: 400, message: moveMessage('productIdEmpty'), products: { entry_id: null } });
    const id = productIdOf(raw);
    const row = id === undefined ? undefined : await findProduct(db, id);
    if (row && !mayUse(requireAuth(req), row)) return send<MoveLookupResponse>(reply, { status_code: 403, message: noPermissionMessage, products: { entry_id: null } });
    if (!row || row.is_deleted === 1 || !row.entry_id) return send<MoveLookupResponse>(reply, { status_code: 404, message: moveMessage('entryIdNotFound'), products: { entry_id: null } });
    return send<MoveLookupResponse>(reply, { status_code: 200, message: moveMessage('found'), products: { entry_id: row.entry_id } });
  });

  app.post<{ Body: MoveValidateRequest }>('/api/move-and-delete/validate', { config: perm('edit'), schema: { body: productSchema('MoveValidateRequest') } }, async (req, reply) => {
    const entryId = req.body.target_entry_id.trim();
    const errors = entryIdErrors({}, entryId);
    if (errors.length) return send<MoveValidateResponse>(reply, { status_code: 400, message: errors[0].message, data: null });
    const target = await findProductByEntryId(db, entryId);
    if (!target) return send<MoveValidateResponse>(reply, { status_code: 404, message: moveMessage('noTarget', { entry_id: entryId }), data: null });
    if (!mayUse(requireAuth(req), target)) return send<MoveValidateResponse>(reply, { status_code: 403, message: noPermissionMessage, data: null });
    return send<MoveValidateResponse>(reply, { status_code: 200, message: moveMessage('valid'), data: targetOf(target) });
  });

  app.post<{ Body: MoveConfirmRequest }>('/api/move-and-delete/confirm', { config: perm('delete'), schema: { body: productSchema('MoveConfirmRequest') } }, async (req, reply) => {
    const auth = requireAuth(req);
    const { engine, version } = productEngine();
    const entryId = req.body.target_entry_id.trim();
    const sourceId = productIdOf(req.body.source_product_id);
    if (sourceId === undefined) return send<MoveConfirmResponse>(reply, { status_code: 400, status: false, message: moveMessage('productIdEmpty') });
    const outcome = await db.transaction(async (tx): Promise<MoveConfirmResponse> => {
      const source = await findProduct(tx, sourceId, { forUpdate: true });
      if (!source) return { status_code: 404, status: false, message: `Product ${sourceId} not found` };
      // The object checks come before any other answer about the products.
      if (!mayUse(auth, source)) return { status_code: 403, status: false, message: noPermissionMessage };
      if (source.is_deleted === 1) return { status_code: 404, status: false, message: moveMessage('deleted') };
      // 001 §2: where the dialog is read-only (an approved product) the move is refused, in the rule's words.
      const blocked = readonlyReasons(engine, source.document, 'move_and_delete');
      if (blocked.length) return { status_code: 409, status: false, message: blocked[0] };
      const errors = entryIdErrors(source.document, entryId);
      if (errors.length) return { status_code: 422, status: false, message: errors[0].message, errors };
      const target = await findProductByEntryId(tx, entryId);
      if (!target) return { status_code: 404, status: false, message: moveMessage('noTarget', { entry_id: entryId }) };
      if (!mayUse(auth, target)) return { status_code: 403, status: false, message: noPermissionMessage };
      if (target.product_id === source.product_id) return { status_code: 409, status: false, message: moveMessage('same') };
      await tx.query('select 1 from products where product_id = $1 for update', [target.product_id]);

      // The panelists join the target as if added in its editor (the panelist effects run), then the target is saved.
      const moved = [...(Array.isArray(target.document.panelists) ? target.document.panelists : []), ...(Array.isArray(source.document.panelists) ? source.document.panelists : [])];
      const edited = engine.evaluate({ ...target.document, panelists: moved }, { prev: target.document }).document as Record<string, unknown>;
      // The entry keeps its date: its entry id begins with it, and the moved panelists are not older (checked above).
      const prepared = prepareDocument(engine, { ...edited, entry_date: target.document.entry_date, last_worked_user: auth.username }, ['save']);
      if (prepared.errors.length) return { status_code: 422, status: false, message: prepared.errors[0].message, errors: prepared.errors };
      await updateProduct(tx, target.product_id, prepared.document, { version, user: auth.username });
      const diff = changedKeys(target.document, prepared.document);
      await recordProductActivity(tx, auth, target.product_id, 'move_target', diff.before, { ...diff.after, source_product_id: source.product_id });

      await setDeleted(tx, source.product_id, 1, auth.username);
      // Emails catalogued as the source now belong to the target entry.
      await tx.query('update emails set product_id = $1, entry_id = $2 where product_id = $3', [target.product_id, target.entry_id, source.product_id]);
      await recordProductActivity(tx, auth, source.product_id, 'move_and_delete', { is_deleted: 0, entry_id: source.entry_id }, { is_deleted: 1, target_entry_id: entryId, target_product_id: target.product_id });
      return { status_code: 200, status: true, message: moveMessage('moved') };
    });
    return send(reply, outcome);
  });
};
