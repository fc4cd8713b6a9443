import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { mustChangePasswordMessage } from '../../src/server/auth/authPlugin';
import { crossSiteMessage } from '../../src/server/security/crossSiteCheck';
import type { Db } from '../../src/server/db/Db';
import { adminPassword, bearer, cookiesOf, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

// Issue 26, "also from reading": refreshing a session changes state, so it is a POST under the
// cross-site check; a password an administrator set for someone else must be changed at sign-in.

describe('session hardening (issue 26)', () => {
  let db: Db;
  let app: FastifyInstance;
  const config = testConfig();
  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    await app.ready();
    await seedRoleUsers(db);
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  const refresh = (method: 'GET' | 'POST', token: string, headers: Record<string, string> = {}) =>
    app.inject({ method, url: '/api/auth/refresh', headers: { cookie: `refresh_token=${token}`, ...headers } });

  it('refresh is a POST: a GET spends nothing, a cross-origin POST is refused and spends nothing, a same-origin POST rotates', async () => {
    const s = await signInAs(app, 'reviewer1', 'reviewer-password', '10.26.1.1');
    expect((await refresh('GET', s.refreshToken)).statusCode).toBe(404);
    const cross = await refresh('POST', s.refreshToken, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ error: 'Forbidden', message: crossSiteMessage });
    const ok = await refresh('POST', s.refreshToken, { 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payload.access_token).toEqual(expect.any(String));
    // Rotated: the token it replaced is spent.
    expect(cookiesOf(ok).refresh_token.value).not.toBe(s.refreshToken);
  });

  it('after an administrator resets a user’s password, the user must change it at the next sign-in; an administrator’s own reset need not', async () => {
    const admin = bearer((await signInAs(app, 'admin', adminPassword, '10.26.2.1')).accessToken);
    const editor = (await db.query<{ user_id: number }>("select user_id from auth_users where username = 'editor1'")).rows[0].user_id;
    const reset = await app.inject({ method: 'POST', url: `/api/admin/users/${editor}/password`, headers: admin, payload: { password: 'chosen by the admin 26' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'editor1', password: 'chosen by the admin 26' }, remoteAddress: '10.26.2.2' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().payload.must_change_password).toBe(true);
    const headers = bearer(signIn.json().payload.access_token as string);
    const refused = await app.inject({ method: 'GET', url: '/api/product/1', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(mustChangePasswordMessage);
    const changed = await app.inject({ method: 'POST', url: '/api/auth/password', headers, remoteAddress: '10.26.2.2', payload: { current_password: 'chosen by the admin 26', new_password: 'my very own passphrase 26' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'editor1', password: 'my very own passphrase 26' }, remoteAddress: '10.26.2.2' });
    expect(again.json().payload.must_change_password).toBeUndefined();

    const adminId = (await db.query<{ user_id: number }>("select user_id from auth_users where username = 'admin'")).rows[0].user_id;
    expect((await app.inject({ method: 'POST', url: `/api/admin/users/${adminId}/password`, headers: admin, payload: { password: 'the admin chose this 26' } })).statusCode).toBe(200);
    const own = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'admin', password: 'the admin chose this 26' }, remoteAddress: '10.26.2.1' });
    expect(own.json().payload.must_change_password).toBeUndefined();
  });
});
