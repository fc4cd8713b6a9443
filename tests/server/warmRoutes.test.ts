import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequestSeconds } from '../../src/server/metrics/portalMetrics';
import { stagedFolder } from '../../src/server/products/pruneStagedUploads';
import { storageFor } from '../../src/server/storage/storageFor';
import { warmRoutes } from '../../src/server/warmRoutes';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

/** Every row of the tables a warmed request could write, in a stable order. */
const tables = ['products', 'activity', 'emails', 'staged_uploads', 'product_files', 'auth_sessions', 'auth_refresh_tokens'];

describe('warm-up of the hot routes before the server listens', () => {
  let kit: ProductsKit;
  let productId: number;
  let muid: number;
  beforeAll(async () => {
    kit = await productsKit();
    productId = await createProduct(kit, approvableProduct({ product_pdf: '' }));
    const r = await kit.db.query<{ muid: string }>(
      `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, email_read, index_name)
       values ('<warm-up@test>', md5('warm-up'), 100, 'A focus email', 'news@shop.example', now(), 0, 0, 'emails_2024') returning muid::text`,
    );
    muid = Number(r.rows[0].muid);
  });
  afterAll(async () => kit?.close());

  const snapshot = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const t of tables) rows[t] = (await kit.db.query(`select to_jsonb(t) as row from ${t} t order by to_jsonb(t)::text`)).rows;
    const files = (await storageFor(kit.config).list(stagedFolder)).map((f) => f.key);
    return { rows, files };
  };

  /** How many POST /api/emails/list requests answered 200 the latency histogram holds. */
  const listsTimed = async () =>
    (await httpRequestSeconds.get()).values.find((v) => v.metricName === 'portal_http_request_duration_seconds_count' && v.labels.route === '/api/emails/list' && v.labels.method === 'POST' && v.labels.status_code === '200')?.value ?? 0;

  it('runs list, search, a status change, a product read and save and an upload through the app, each answered 200, and stores nothing', async () => {
    const before = await snapshot();
    const timedBefore = await listsTimed();
    expect(before.rows.products).toHaveLength(1);
    const warmed = await warmRoutes(kit.app, kit.db, storageFor(kit.config), { rounds: 1 });
    expect(warmed).toEqual({
      ran: {
        'POST /api/emails/list': 200,
        'POST /api/emails/search': 200,
        'POST /api/emails': 200,
        'GET /api/product/:id': 200,
        'POST /api/addProduct': 200,
        'POST /api/upload-product-media': 200,
      },
    });
    // The status change, the save (with its activity row) rolled back; the upload's file, its staged row and the session removed.
    expect(await snapshot()).toEqual(before);
    // No user sent them: /metrics' latency histogram does not count them, and still counts a user's list.
    expect(await listsTimed()).toBe(timedBefore);
    const list = await kit.app.inject({ method: 'POST', url: '/api/emails/list', headers: kit.as.admin, payload: { page: 1, perpage: 10, panelist: 'all', dashboard: 'focus' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(await listsTimed()).toBe(timedBefore + 1);
    // The app still writes outside a warm-up: the same status change commits.
    const res = await kit.app.inject({ method: 'POST', url: '/api/emails', headers: kit.as.admin, payload: { type: 'update', payload: [{ muid, deleted: 1 }] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await kit.db.query<{ deleted: number }>('select deleted from emails where muid = $1', [muid])).rows[0].deleted).toBe(1);
    expect(productId).toBeGreaterThan(0);
  });

  it('is skipped when no enabled user may do all of it without first changing a password', async () => {
    await kit.db.query('update auth_users set must_change_password = true');
    try {
      expect(await warmRoutes(kit.app, kit.db, storageFor(kit.config))).toEqual({ skipped: expect.stringContaining('no enabled user') });
    } finally {
      await kit.db.query('update auth_users set must_change_password = false');
    }
  });
});
