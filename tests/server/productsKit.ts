import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import type { PortalConfig } from '../../src/server/context';
import type { Db } from '../../src/server/db/Db';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

/** Shared set-up of the product API tests: a real database, the app, and a signed-in user per role. */
export interface ProductsKit {
  db: Db;
  app: FastifyInstance;
  config: PortalConfig & { cleanup(): void };
  /** Authorization headers: admin, editor (no product admin), analyst (view only), banker (allowed sector 87 only). */
  as: Record<'admin' | 'editor' | 'analyst' | 'banker', Record<string, string>>;
  close(): Promise<void>;
}

export async function productsKit(configOverrides: Partial<PortalConfig> = {}): Promise<ProductsKit> {
  const db = await openTestDb();
  const config = testConfig(configOverrides);
  const app = await buildApp({ config, db });
  await app.ready();
  const users = await seedRoleUsers(db);
  const bankerRole = await createRole(db, { role_name: 'banker', all_sectors: false, sectors: [87] });
  await grant(db, bankerRole, 'product', ['view', 'add', 'edit', 'delete', 'approve']);
  await createUser(db, { username: 'banker1', password: 'banker-password', role_id: bankerRole, email: 'banker@portal.example' });
  const tokenOf = async (u: string, p: string) => bearer((await signInAs(app, u, p)).accessToken);
  return {
    db,
    app,
    config,
    as: {
      admin: await tokenOf(users.admin.username, users.admin.password),
      editor: await tokenOf(users.editor.username, users.editor.password),
      analyst: await tokenOf(users.analyst.username, users.analyst.password),
      banker: await tokenOf('banker1', 'banker-password'),
    },
    async close() {
      await app.close();
      await db.close();
      config.cleanup();
    },
  };
}

/** A banking product on the website channel that passes save and every status action. */
export function approvableProduct(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    entry_date: '2024-03-01',
    media_channel: 14,
    audience: 1,
    state_specific: false,
    sectors: [[{ id: 87, name: 'Banking', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 1001, name: 'Checking Account', sequence: 2, sectorWorksiteVoluntary: 0 }]],
    companies: [{ companyID: 1, companyName: 'Acme Bank', isWorksiteVoluntary: 0, isMilitaryCo: 0, isInsuranceExchange: 0, co_states: [], associatedProductName: '' }],
    product_image: '/images/p.jpg',
    product_name: 'Acme Checking',
    product_headline: 'Open an Acme checking account today',
    mailing_type: 1,
    personalization: 2,
    state_province: [5],
    offer_origin: 5,
    product_pdf: '/api/download/1',
    primary_country: 'US',
    ...over,
  };
}

export const creditCardChain = [{ id: 90, name: 'Credit Card', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 179, name: 'Credit Access Offer', sequence: 2, sectorWorksiteVoluntary: 0 }];

export async function countRows(db: Db, table: 'products' | 'activity' | 'product_files'): Promise<number> {
  const r = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return r.rows[0].n;
}

/** Creates a product through the API and returns its id (throws with the answer when refused). */
export async function createProduct(kit: ProductsKit, doc: Record<string, unknown>, headers = kit.as.editor): Promise<number> {
  const res = await kit.app.inject({ method: 'POST', url: '/api/addProduct', headers, payload: doc });
  if (res.statusCode !== 200) throw new Error(`addProduct: ${res.statusCode} ${res.body}`);
  return res.json<{ payload: { product_id: number } }>().payload.product_id;
}
