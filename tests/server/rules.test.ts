import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainResponse, RuleCatalogue } from '../../src/api/rulesTypes';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

/** Issue 7 §3–§4: the rule catalogue for analysts and QA, and the engine's explanation behind "Why?". */
describe('rules API', () => {
  let db: Db;
  let app: FastifyInstance;
  let tokens: Record<string, string>;
  const config = testConfig();

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    await app.ready();
    const users = await seedRoleUsers(db);
    tokens = {};
    for (const role of ['analyst', 'editor', 'reviewer']) tokens[role] = (await signInAs(app, users[role].username, users[role].password)).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  it('lists every rule in plain words with kind, message, actions and spec source', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/rules/catalogue', headers: bearer(tokens.analyst) });
    expect(res.statusCode).toBe(200);
    const cat = res.json<RuleCatalogue>();
    expect(cat.version).toMatch(/^[0-9a-f]{64}$/);
    const gate = cat.rules.find((r) => r.id === 'delivery.visible')!;
    expect(gate).toMatchObject({ kind: 'visible', target: 'delivery', targetLabel: 'Delivery', file: 'rules/product/visibility.json' });
    expect(gate.words).toBe('Delivery shows when Media Channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2), Consumer and Business (5)');
    expect(gate.source).toMatch(/002 §2/);
    const promo = cat.rules.find((r) => r.id === 'promotion.promotions.max_per_group')!;
    expect(promo.message).toBe('Maximium 10 promotions allowed for a company and product type!');
    expect(promo.actions).toContain('save');
    expect(cat.rules.every((r) => r.words.length > 0 && r.source.length > 0)).toBe(true);
    // Warning rules say so (rules/product/warnings.json); other rules carry no severity.
    expect(cat.rules.find((r) => r.id === 'state_specific.states_selected')).toMatchObject({ kind: 'validate', severity: 'warning' });
    expect(promo.severity).toBeUndefined();
  });

  it('lists every code table with its entries and the fields using it', async () => {
    const cat = (await app.inject({ method: 'GET', url: '/api/rules/catalogue', headers: bearer(tokens.analyst) })).json<RuleCatalogue>();
    const channels = cat.codeTables.find((t) => t.id === 'codes/media_channel')!;
    expect(channels.entries.slice(0, 2)).toEqual([
      { const: 1, title: 'Direct Mail', sample: false, extra: { 'x-key': 'direct_mail' } },
      { const: 2, title: 'Print', sample: false, extra: { 'x-key': 'print' } },
    ]);
    expect(channels.usedBy).toContain('media_channel');
    expect(cat.codeTables.find((t) => t.id === 'codes/product_status')!.entries.find((e) => e.const === 1)!.extra['x-summary']).toBe('Approved');
  });

  it('is for roles with the rules module: others get 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/rules/catalogue', headers: bearer(tokens.reviewer) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/rules/catalogue' })).statusCode).toBe(401);
  });

  it('explains why a block is hidden, with the rule and the actual values', async () => {
    const res = await app.inject({
      method: 'POST', url: '/api/rules/explain', headers: bearer(tokens.editor),
      payload: { document: { media_channel: 2, audience: 1 }, target: 'delivery' },
    });
    expect(res.statusCode).toBe(200);
    const ex = res.json<ExplainResponse>();
    expect(ex.kind).toBe('block');
    expect(ex.state).toMatchObject({ visible: false });
    expect(ex.rules.map((r) => r.id)).toEqual(['delivery.visible']);
    expect(ex.trace).toContain('Delivery hidden: rule delivery.visible: Media Channel is Print (2), needs: Media Channel is Direct Mail (1)');
  });

  it('explains why a field is required for an action', async () => {
    const res = await app.inject({
      method: 'POST', url: '/api/rules/explain', headers: bearer(tokens.editor),
      payload: { document: { media_channel: 1, audience: 1 }, target: 'delivery.delivery_method', action: 'approve' },
    });
    const ex = res.json<ExplainResponse>();
    expect(ex.state).toMatchObject({ visible: true, required: true });
    expect(ex.trace).toContain('Delivery Method required');
  });

  it('refuses an unknown target and a malformed body', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/rules/explain', headers: bearer(tokens.editor), payload: { document: {}, target: 'no_such_field' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'unknown field or block "no_such_field"' });
    const bad = await app.inject({ method: 'POST', url: '/api/rules/explain', headers: bearer(tokens.editor), payload: { target: 'delivery' } });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/rules/explain', headers: bearer(tokens.reviewer), payload: { document: {}, target: 'delivery' } })).statusCode).toBe(403);
  });
});
