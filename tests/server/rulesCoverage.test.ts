import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleCoverageResponse } from '../../src/api/rulesTypes';
import { seedDemoProducts } from '../../src/server/products/seedDemoProducts';
import { metadataHash } from '../../src/server/metadataHash';
import { bearer, signInAs } from './helpers/authKit';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

/** Issue 16 item 6: rule coverage over the rule cases and the demo database, for the rule catalogue. */
describe('GET /api/rules/coverage', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
    await seedDemoProducts(kit.db, () => undefined, 40);
  });
  afterAll(async () => kit.close());

  const get = async (headers: Record<string, string>) => kit.app.inject({ method: 'GET', url: '/api/rules/coverage', headers });

  it('counts what every rule did on the rule cases and the demo products, and follows new products', async () => {
    const res = await get(kit.as.analyst);
    expect(res.statusCode).toBe(200);
    const c = res.json<RuleCoverageResponse>();
    expect(c.version).toBe(metadataHash());
    expect(c.documents.products).toBe(40);
    expect(c.documents.cases).toBeGreaterThan(200);
    const byId = new Map(c.rules.map((r) => [r.id, r]));
    // Every demo product passes its own save rules (they are stored as a save stores them).
    const channel = byId.get('media_channel.required')!;
    expect(channel.products.failed).toBe(0);
    expect(channel.products.fired).toBe(40);
    expect(channel.cases.failed).toBeGreaterThan(0);
    for (const r of c.rules) {
      expect(r.products.evaluated).toBe(40);
      expect(r.products.passed + r.products.failed).toBeLessThanOrEqual(r.products.fired);
    }
    expect(c.neverFired).toEqual(c.rules.filter((r) => r.cases.fired + r.products.fired === 0).map((r) => r.id));

    // A product saved afterwards is counted on the next request.
    await createProduct(kit, approvableProduct());
    const again = (await get(kit.as.analyst)).json<RuleCoverageResponse>();
    expect(again.documents.products).toBe(41);
  });

  it('is for roles with the rules module', async () => {
    const users = { username: 'reviewer1', password: 'reviewer-password' };
    const token = (await signInAs(kit.app, users.username, users.password)).accessToken;
    expect((await get(bearer(token))).statusCode).toBe(403);
  });
});
