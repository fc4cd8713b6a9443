import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  AddProductResponse, HeadlineCheckRequest, HeadlineCheckResponse, LastWorkedUserResponse, MessageResponse, ProductLogResponse, ProductResponse,
  SectionResponse, SoftDeleteRequest, StatusActionRequest,
} from '../../api/products';
import { requireAuth } from '../auth/access';
import { httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { parseId } from './parseId';
import { emailOfNewProduct } from './emailOfNewProduct';
import { productActivityLog } from './productActivityLog';
import { productSchema } from './productApiSchemas';
import { productEngine } from './productEngine';
import { ProductRefused } from './ProductRefused';
import { changedKeys, findProduct, findProductByMuid, productPayload, recordProductActivity, setDeleted, type ProductRow } from './productStore';
import { refusalBody } from './refusalBody';
import { saveProduct, type SaveRequest } from './saveProduct';
import { runSectionLoader, sectionLoaders } from './sectionLoaders';
import { sectionSlice } from './sectionSlice';
import { storageFor } from '../storage/storageFor';
import { requireProductAccess, requireProductIdAccess, visibleProductsCondition } from '../auth/objectAccess';
import { SqlParams } from '../emails/SqlParams';
import { hasPermission } from '../auth/AuthContext';
import { statusActionDocument } from './statusActions';

const perm = (operation: string) => ({ permission: { module: 'product', operation } });

/** 001 §8 soft delete success. */
export const softDeletedMessage = 'Product has been deleted successfully';
export const restoredMessage = 'Product has been restored successfully';

async function saveOr422(reply: FastifyReply, run: () => Promise<AddProductResponse>): Promise<AddProductResponse | FastifyReply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProductRefused) return reply.code(422).send(refusalBody(err.errors));
    throw err;
  }
}

/**
 * Product persistence (001 §4, §7; 002 §7): save with server-side rule enforcement, read by id or
 * muid, status actions, soft delete and restore, generic per-section loaders, the last worked
 * user, the headline duplicate check and the Product Activity Log.
 */
/** A write's answer: the stored product with it, so the client updates its caches without reading it again. */
const saved = (row: ProductRow): AddProductResponse => ({
  statusCode: 200,
  payload: { product_id: row.product_id, index_name: row.index_name, metadata_version: row.metadata_version ?? '', product: productPayload(row) },
});

export const productRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  const storage = storageFor(ctx.config);

  // One route saves new and stored products: `add` creates, `edit` changes (saveProduct checks which).
  app.post<{ Body: Record<string, unknown> }>('/api/addProduct', { config: { permission: { module: 'product', operation: 'edit', also: ['add'] } }, schema: { body: productSchema('ProductDocumentJson') } }, async (req, reply) =>
    saveOr422(reply, async () => {
      const { row } = await saveProduct(db, storage, req, { document: req.body, emailLink: await emailOfNewProduct(db, req, req.body), baseUpdatedAt: req.body.updated_at });
      return saved(row);
    }),
  );

  app.post<{ Params: { id: string }; Body: StatusActionRequest }>(
    '/api/product/:id/status',
    { config: perm('approve'), schema: { body: productSchema('StatusActionRequest') } },
    async (req, reply) => {
      const productId = parseId(req.params.id);
      return saveOr422(reply, async () => {
        const stored = await findProduct(db, productId);
        if (!stored) throw httpError(404, `Product ${productId} not found`);
        requireProductAccess(req, stored.document);
        // The editor saves its whole form with the action; a role without edit changes only the
        // status and the fields the action owns (ASVS V8.2.3), whatever else the body says.
        const sent = req.body.product as Record<string, unknown> | undefined;
        const document = sent && hasPermission(req.auth, 'product', 'edit') ? sent : statusActionDocument(stored.document, sent, req.body.action);
        const input: SaveRequest = { document: { ...document, product_id: productId }, action: req.body.action, productId, baseUpdatedAt: document === sent ? sent.updated_at : undefined };
        const { row } = await saveProduct(db, storage, req, input);
        return saved(row);
      });
    },
  );

  // Static segments win over :id in the router, so these three never reach the loaders below.
  app.get<{ Params: { muid: string } }>('/api/product/muid/:muid', { config: perm('view') }, async (req): Promise<ProductResponse> => {
    const muid = parseId(req.params.muid, 'muid');
    const row = await findProductByMuid(db, muid);
    if (!row) throw httpError(404, `No product for muid ${muid}`);
    requireProductAccess(req, row.document);
    return { statusCode: 200, payload: productPayload(row) };
  });

  app.post<{ Body: SoftDeleteRequest }>('/api/product/soft-delete', { config: perm('delete'), schema: { body: productSchema('SoftDeleteRequest') } }, async (req): Promise<MessageResponse> => {
    await changeDeletion(req, req.body, 1);
    return { statusCode: 200, message: softDeletedMessage };
  });

  app.post<{ Body: SoftDeleteRequest }>('/api/product/restore', { config: perm('admin'), schema: { body: productSchema('SoftDeleteRequest') } }, async (req): Promise<MessageResponse> => {
    await changeDeletion(req, req.body, 0);
    return { statusCode: 200, message: restoredMessage };
  });

  async function changeDeletion(req: FastifyRequest, body: SoftDeleteRequest, deleted: 0 | 1): Promise<void> {
    const auth = requireAuth(req);
    if (!body.data.length) throw httpError(400, 'No product to delete.');
    await db.transaction(async (tx) => {
      for (const item of body.data) {
        const id = parseId(item.product_id);
        const row = await findProduct(tx, id, { forUpdate: true });
        if (!row) throw httpError(404, `Product ${id} not found`);
        if (item.index_name !== row.index_name) throw httpError(400, `Product ${id} is in ${row.index_name}, not ${item.index_name}.`);
        requireProductAccess(req, row.document);
        if (row.is_deleted === deleted) continue;
        await setDeleted(tx, id, deleted, auth.username);
        const d = changedKeys({ is_deleted: row.is_deleted }, { is_deleted: deleted });
        await recordProductActivity(tx, auth, id, deleted ? 'soft_delete' : 'restore', d.before, d.after);
      }
    });
  }
  app.get<{ Params: { id: string } }>('/api/product/:id', { config: perm('view') }, async (req): Promise<ProductResponse> => {
    const id = parseId(req.params.id);
    const row = await findProduct(db, id);
    if (!row) throw httpError(404, `Product ${id} not found`);
    requireProductAccess(req, row.document);
    return { statusCode: 200, payload: productPayload(row) };
  });

  app.get<{ Params: { id: string; section: string } }>('/api/product/:id/:section', { config: perm('view') }, async (req): Promise<SectionResponse> => {
    const id = parseId(req.params.id);
    const { engine } = productEngine();
    const row = await findProduct(db, id);
    if (!row) throw httpError(404, `Product ${id} not found`);
    requireProductAccess(req, row.document);
    const slice = sectionSlice(engine.model, productPayload(row), req.params.section);
    if (!slice.found) throw httpError(404, `Unknown section "${req.params.section}"`);
    return { statusCode: 200, payload: slice.payload };
  });

  // 002 §7 per-section loaders (audience/{id}, sector/{id}, productAge/{id}, ...): one route for every
  // `x-loader` of the metadata serving now, so a loader added under `portal dev` answers at once and
  // a removed one is an unknown route (404). Fixed routes (/api/product/:id, ...) match first.
  const currentLoader = (name: string) => sectionLoaders(productEngine().engine).get(name);
  app.get<{ Params: { loader: string; id: string } }>(
    '/api/:loader/:id',
    { config: { ...perm('view'), pathKnown: (p) => currentLoader((p as { loader: string }).loader) !== undefined } },
    async (req): Promise<SectionResponse> => {
      const { engine } = productEngine();
      const loader = sectionLoaders(engine).get(req.params.loader);
      // Removed by a reload between the route check and here.
      if (!loader) throw httpError(404, `Route GET /api/${req.params.loader}/${req.params.id} not found`);
      const id = parseId(req.params.id);
      const row = await findProduct(db, id);
      if (!row) throw httpError(404, `Product ${id} not found`);
      requireProductAccess(req, row.document);
      return { statusCode: 200, payload: runSectionLoader(engine, loader, productPayload(row)) };
    },
  );

  app.get<{ Params: { id: string } }>('/api/lastWorkedUser/:id', { config: perm('view') }, async (req): Promise<LastWorkedUserResponse> => {
    const id = parseId(req.params.id);
    const row = await findProduct(db, id);
    if (!row) throw httpError(404, `Product ${id} not found`);
    requireProductAccess(req, row.document);
    return { statusCode: 200, payload: { user_name: row.last_worked_user } };
  });

  app.post<{ Body: HeadlineCheckRequest }>('/api/get_product_headline', { config: perm('view'), schema: { body: productSchema('HeadlineCheckRequest') } }, async (req): Promise<HeadlineCheckResponse> => {
    const headline = req.body.product_headline.trim();
    let other: number | null = null;
    if (headline) {
      // Only products the caller may read (issue 26 §12): another sector's product is not named.
      const p = new SqlParams();
      const conds = [
        'is_deleted = 0', `lower(document ->> 'product_headline') = lower(${p.add(headline)})`, `product_id <> ${p.add(req.body.product_id ?? -1, 'bigint')}`,
        visibleProductsCondition(req.auth, p),
      ].filter(Boolean);
      const r = await db.query<{ product_id: string }>(`select product_id::text as product_id from products where ${conds.join(' and ')} order by product_id limit 1`, p.values);
      other = r.rows[0] ? Number(r.rows[0].product_id) : null;
    }
    return { status_code: 200, product_headline_exist: other !== null, product_id: other, request: { product_headline: req.body.product_headline } };
  });

  app.get<{ Params: { id: string }; Querystring: { type?: string } }>(
    '/api/product-admin-log/:id',
    { config: perm('admin'), schema: { querystring: { type: 'object', properties: { type: { enum: ['process'] } } } } },
    async (req): Promise<ProductLogResponse> => {
      const id = parseId(req.params.id);
      await requireProductIdAccess(db, req, id);
      return { statusCode: 200, payload: await productActivityLog(db, id) };
    },
  );
};
