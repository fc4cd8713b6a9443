import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { isProductAdmin, requireSector } from '../../src/server/auth/access';
import { demoRoles, expandGrants, findModule, portalModules } from '../../src/server/auth/modules';
import { createRole, grant } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import type { Db } from '../../src/server/db/Db';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

/**
 * Every role x every module operation: a probe route per (module, operation) of the module table,
 * plus every real /api route that declares a permission. Expected answers come from the demo role
 * definitions of schemas/admin/modules.json: 403 exactly where the role is not granted.
 */
describe('permission matrix', () => {
  let db: Db;
  let app: FastifyInstance;
  let users: Awaited<ReturnType<typeof seedRoleUsers>>;
  const config = testConfig();

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    for (const m of portalModules) {
      for (const operation of m.operations) {
        app.get(`/api/test/probe/${m.key}/${operation}`, { config: { permission: { module: m.key, operation } } }, async () => ({ ok: true }));
      }
    }
    app.get<{ Params: { id: number } }>('/api/test/sector/:id', { config: { permission: { module: 'product', operation: 'edit' } } }, async (req) => {
      requireSector(req, Number(req.params.id));
      return { ok: true };
    });
    app.get('/api/test/activity-log', { config: { signedIn: true } }, async (req) => ({ productAdmin: isProductAdmin(req) }));
    await app.ready();
    users = await seedRoleUsers(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  const probes = portalModules.flatMap((m) => m.operations.map((operation) => ({ module: m.key, operation })));

  it('covers every module and operation of the table', () => {
    expect(probes.length).toBe(portalModules.reduce((n, m) => n + m.operations.length, 0));
    expect(new Set(probes.map((p) => p.module))).toEqual(new Set(portalModules.map((m) => m.key)));
  });

  it('grants nothing dead: every operation of the table is asked for by a route (a panelist type\'s view gates its emails)', () => {
    const asked = new Set(app.apiRouteAccess.flatMap((r) => (r.access === 'permission' ? [r.operation, ...(r.also ?? [])].map((op) => `${r.module}:${op}`) : [])));
    const dead = probes.filter((p) => !asked.has(`${p.module}:${p.operation}`) && !(p.operation === 'view' && findModule(p.module)?.panelist_type));
    expect(dead).toEqual([]);
  });

  it('leaves out a stored grant of an operation the table no longer has, so the role still saves as shown', async () => {
    const roleId = await createRole(db, { role_name: 'stale grant' });
    // rules:edit was an operation of the table once; an analyst may remove any.
    await db.query(`insert into auth_role_permissions (role_id, module, operation) values ($1, 'rules', 'edit'), ($1, 'rules', 'view')`, [roleId]);
    const s = await signInAs(app, users.admin.username, users.admin.password);
    const shown = (await app.inject({ method: 'GET', url: '/api/admin/roles', headers: bearer(s.accessToken) })).json<{ payload: Array<{ role_id: number; permissions: Record<string, string[]> }> }>();
    const role = shown.payload.find((r) => r.role_id === roleId)!;
    expect(role.permissions).toEqual({ rules: ['view'] });
    const saved = await app.inject({ method: 'PUT', url: `/api/admin/roles/${roleId}/permissions`, headers: bearer(s.accessToken), payload: { permissions: role.permissions } });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  for (const role of demoRoles) {
    it(`role ${role.role_name}: 403 exactly on the module operations it is not granted`, async () => {
      const granted = new Set(expandGrants(role.grants).map(([m, op]) => `${m}:${op}`));
      const u = users[role.role_name];
      const s = await signInAs(app, u.username, u.password);
      const outcome: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const p of probes) {
        const res = await app.inject({ method: 'GET', url: `/api/test/probe/${p.module}/${p.operation}`, headers: bearer(s.accessToken) });
        outcome[`${p.module}:${p.operation}`] = res.statusCode;
        expected[`${p.module}:${p.operation}`] = granted.has(`${p.module}:${p.operation}`) ? 200 : 403;
      }
      expect(outcome).toEqual(expected);

      // Real routes: the declared permission decides; a granted call is neither 401 nor 403.
      const real = app.apiRouteAccess.filter((r) => r.access === 'permission' && !r.url.startsWith('/api/test/') && r.method !== 'HEAD');
      expect(real.length).toBeGreaterThan(0);
      for (const r of real) {
        const res = await app.inject({ method: r.method as 'GET', url: r.url.replace(':loader', 'audience').replace(/:\w+/g, '999999'), headers: bearer(s.accessToken), payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
        const allowed = granted.has(`${r.module}:${r.operation}`);
        if (allowed) expect([401, 403], `${role.role_name} ${r.method} ${r.url}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${role.role_name} ${r.method} ${r.url}`).toBe(403);
      }
    });
  }

  it('a refused call answers {error, message} with the spec text and is logged', async () => {
    const s = await signInAs(app, users.reviewer.username, users.reviewer.password);
    const res = await app.inject({ method: 'GET', url: '/api/test/probe/product/edit', headers: bearer(s.accessToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Forbidden', message: 'You do not have permission' });
  });

  it('a grant or revoke takes effect on the next call', async () => {
    const roleId = await createRole(db, { role_name: 'temp' });
    await createUser(db, { username: 'temp1', password: 'temp-password', role_id: roleId });
    const s = await signInAs(app, 'temp1', 'temp-password');
    const call = () => app.inject({ method: 'GET', url: '/api/test/probe/deduplicates/view', headers: bearer(s.accessToken) });
    expect((await call()).statusCode).toBe(403);
    await grant(db, roleId, 'deduplicates', ['view']);
    expect((await call()).statusCode).toBe(200);
    const perms = await app.inject({ method: 'GET', url: '/api/auth/permissions', headers: bearer(s.accessToken) });
    expect(perms.json().payload.modules.map((m: { module_url_slug: string }) => m.module_url_slug)).toEqual(['deduplicates']);
  });

  it("allowed sectors: a role limited to sector 90 may use 90 and gets 'You do not have permission' for 179", async () => {
    const roleId = await createRole(db, { role_name: 'cards only', sectors: [90] });
    await grant(db, roleId, 'product', ['view', 'edit']);
    await createUser(db, { username: 'cards1', password: 'cards-password', role_id: roleId });
    const s = await signInAs(app, 'cards1', 'cards-password');
    expect((await app.inject({ method: 'GET', url: '/api/test/sector/90', headers: bearer(s.accessToken) })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/test/sector/179', headers: bearer(s.accessToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission');
    const sectors = await app.inject({ method: 'GET', url: '/api/auth/allowed-sectors', headers: bearer(s.accessToken) });
    expect(sectors.json().payload).toEqual({ role_id: roleId, all_sectors: false, sectors: [90] });
    // An all-sectors role (editor) may use any sector.
    const editor = await signInAs(app, users.editor.username, users.editor.password);
    expect((await app.inject({ method: 'GET', url: '/api/test/sector/179', headers: bearer(editor.accessToken) })).statusCode).toBe(200);
  });

  it('product admin (the activity log) is the admin role only among the demo roles', async () => {
    const answers: Record<string, boolean> = {};
    for (const role of demoRoles) {
      const u = users[role.role_name];
      const s = await signInAs(app, u.username, u.password);
      answers[role.role_name] = (await app.inject({ method: 'GET', url: '/api/test/activity-log', headers: bearer(s.accessToken) })).json().productAdmin;
    }
    expect(answers).toEqual({ admin: true, reviewer: false, editor: false, analyst: false });
  });
});
