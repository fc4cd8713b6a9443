import { SignJWT, base64url } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { badCredentialsMessage, tooManyAttemptsMessage } from '../../src/server/auth/authApiRoutes';
import { adminMessages } from '../../src/server/auth/adminApiRoutes';
import { signAccessToken, tokenAudience, tokenIssuer } from '../../src/server/auth/tokens';
import type { Db } from '../../src/server/db/Db';
import { adminPassword, bearer, cookiesOf, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

const expired = 'Your session has expired, please login again';

describe('sign-in, tokens and sessions', () => {
  let db: Db;
  let app: FastifyInstance;
  const config = testConfig();

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    // A route without an access declaration: must be refused whoever calls it (fail closed).
    app.get('/api/test/undeclared', async () => ({ ok: true }));
    await app.ready();
    await seedRoleUsers(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  const permissions = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/permissions', headers });

  it('signs in: spec envelope, HttpOnly SameSite=Strict token cookies and the session cookies of 000 §9', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'reviewer1', password: 'reviewer-password' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.payload).toMatchObject({ access_token: expect.any(String), access_token_expire_time: 900, username: 'reviewer1', user_role: { role_name: 'reviewer' } });
    expect(body.payload.refresh_token).toBeUndefined();
    const c = cookiesOf(res);
    for (const name of ['access_token', 'refresh_token']) {
      expect(c[name].httpOnly).toBe(true);
      expect(c[name].sameSite).toBe('Strict');
      expect(c[name].secure).toBeFalsy(); // plain http here; Secure over https
    }
    for (const name of ['token_expire_time', 'portal_access', 'user_id', 'username', 'user_role', 'startTime', 'isActive', 'isSignedIn']) {
      expect(c[name], name).toBeDefined();
      expect(c[name].httpOnly, name).toBeFalsy();
    }
    expect(c.isSignedIn.value).toBe('true');
    expect(c.isActive.value).toBe('true');
    // Refresh 5 minutes before the 15-minute token ends (000 §9).
    expect(Number(c.token_expire_time.value) - Number(c.startTime.value)).toBe(10 * 60_000);
    expect(JSON.parse(decodeURIComponent(c.portal_access.value))).toContain('http://localhost:80');
  });

  it('gives the same 401 answer for an unknown user, a wrong password and a disabled user', async () => {
    const ask = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password }, remoteAddress: '10.0.0.9' });
    const unknown = await ask('nobody', 'whatever-password');
    const wrong = await ask('editor1', 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ error: 'Unauthorized', message: badCredentialsMessage });
  });

  it('accepts the access token from the Authorization header or the cookie, and refuses none', async () => {
    const s = await signInAs(app, 'analyst1', 'analyst-password');
    expect((await permissions(bearer(s.accessToken))).statusCode).toBe(200);
    expect((await permissions({ cookie: `access_token=${s.accessToken}` })).statusCode).toBe(200);
    const none = await permissions({});
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(expired);
  });

  it('answers role data: user, role, sectors and the permitted modules with their operations', async () => {
    const s = await signInAs(app, 'reviewer1', 'reviewer-password');
    const body = (await permissions(bearer(s.accessToken))).json();
    expect(body.statusCode).toBe(200);
    expect(body.payload.user_id).toBe(s.userId);
    expect(body.payload.user_role.role_name).toBe('reviewer');
    const slugs = body.payload.modules.map((m: { module_url_slug: string }) => m.module_url_slug);
    expect(slugs).toContain('');
    expect(slugs).toContain('email');
    expect(slugs).not.toContain('addproduct');
    const dashboard = body.payload.modules.find((m: { module_url_slug: string }) => m.module_url_slug === '');
    expect(dashboard).toMatchObject({ module_id: 1, module_parent_id: null, module_sort: 1, operations: ['view', 'edit', 'add', 'delete'] });
    expect(body.payload.modules.find((m: { module_url_slug: string }) => m.module_url_slug === 'email').module_parent_id).toBe(1);
  });

  describe('refused tokens', () => {
    let key: Uint8Array;
    let s: Awaited<ReturnType<typeof signInAs>>;
    beforeAll(async () => {
      key = app.authRuntime.key;
      s = await signInAs(app, 'analyst1', 'analyst-password');
    });
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

    it('a token signed with another secret', async () => {
      const forged = await signAccessToken(new TextEncoder().encode('x'.repeat(32)), { userId: s.userId, sessionId: claimsOf(s.accessToken).sid, sessionVersion: 0 }, Date.now(), 900);
      expect((await permissions(bearer(forged))).statusCode).toBe(401);
    });
    it('a token whose payload was edited after signing', async () => {
      const [h, , sig] = s.accessToken.split('.');
      const claims = { ...claimsOf(s.accessToken), sub: String(s.userId + 1) };
      expect((await permissions(bearer(`${h}.${base64url.encode(JSON.stringify(claims))}.${sig}`))).statusCode).toBe(401);
    });
    it('an expired token', async () => {
      const old = await signAccessToken(key, { userId: s.userId, sessionId: claimsOf(s.accessToken).sid, sessionVersion: 0 }, Date.now() - 60 * 60_000, 900);
      expect((await permissions(bearer(old))).statusCode).toBe(401);
      // The same claims, fresh: accepted, so the refusal above is the expiry.
      const fresh = await signAccessToken(key, { userId: s.userId, sessionId: claimsOf(s.accessToken).sid, sessionVersion: 0 }, Date.now(), 900);
      expect((await permissions(bearer(fresh))).statusCode).toBe(200);
    });
    it('an unsigned alg:none token', async () => {
      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
      const payload = base64url.encode(JSON.stringify(claimsOf(s.accessToken)));
      expect((await permissions(bearer(`${header}.${payload}.`))).statusCode).toBe(401);
    });
    it('a token signed with the right secret but another algorithm (HS512)', async () => {
      const c = claimsOf(s.accessToken);
      const other = await new SignJWT(c).setProtectedHeader({ alg: 'HS512' }).sign(key);
      expect((await permissions(bearer(other))).statusCode).toBe(401);
      const same = await new SignJWT(c).setProtectedHeader({ alg: 'HS256' }).setIssuer(tokenIssuer).setAudience(tokenAudience).sign(key);
      expect((await permissions(bearer(same))).statusCode).toBe(200);
    });
    it('garbage', async () => {
      expect((await permissions(bearer('not.a.jwt'))).statusCode).toBe(401);
    });
  });

  describe('refresh', () => {
    const refreshWith = (token: string, extra: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `refresh_token=${token}`, ...extra } });

    it('rotates the refresh token and answers {statusCode, payload:{access_token, access_token_expire_time}}', async () => {
      const s = await signInAs(app, 'editor1', 'editor-password');
      const res = await refreshWith(s.refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ statusCode: 200, payload: { access_token: expect.any(String), access_token_expire_time: 900 } });
      const next = cookiesOf(res).refresh_token.value;
      expect(next).not.toBe(s.refreshToken);
      expect((await permissions(bearer(res.json().payload.access_token))).statusCode).toBe(200);
      expect((await refreshWith(next)).statusCode).toBe(200);
    });

    it('takes the refresh token from the Authorization header with Username and userid (000 §7)', async () => {
      const s = await signInAs(app, 'editor1', 'editor-password');
      const res = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: s.refreshToken, username: 'editor1', userid: String(s.userId) } });
      expect(res.statusCode).toBe(200);
      // The rotated token comes back only in its HttpOnly cookie, never in the body (issue 11).
      expect(res.json().payload.refresh_token).toBeUndefined();
      const rotated = cookiesOf(res).refresh_token.value;
      const wrongUser = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: rotated, userid: String(s.userId + 100) } });
      expect(wrongUser.statusCode).toBe(401);
    });

    it('a browser sending its access token in Authorization still refreshes with the refresh cookie', async () => {
      const s = await signInAs(app, 'editor1', 'editor-password');
      const res = await refreshWith(s.refreshToken, bearer(s.accessToken));
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.refresh_token).toBeUndefined();
    });

    it('a replayed (already rotated) refresh token gets 401 and kills its whole family', async () => {
      const s = await signInAs(app, 'editor1', 'editor-password');
      const first = await refreshWith(s.refreshToken);
      const rotated = cookiesOf(first).refresh_token.value;
      const access = first.json().payload.access_token;
      const replay = await refreshWith(s.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe(expired);
      // The legitimate holder's newer tokens die with the family.
      expect((await refreshWith(rotated)).statusCode).toBe(401);
      expect((await permissions(bearer(access))).statusCode).toBe(401);
      expect((await permissions(bearer(s.accessToken))).statusCode).toBe(401);
      // Other sessions of the same user are untouched.
      const other = await signInAs(app, 'editor1', 'editor-password');
      expect((await permissions(bearer(other.accessToken))).statusCode).toBe(200);
    });

    it('a session idle past 1,500,000 ms cannot refresh and its access token stops working', async () => {
      const s = await signInAs(app, 'analyst1', 'analyst-password');
      const sid = JSON.parse(Buffer.from(s.accessToken.split('.')[1], 'base64url').toString()).sid;
      await db.query("update auth_sessions set last_activity = now() - interval '1500001 milliseconds' where session_id = $1", [sid]);
      expect((await refreshWith(s.refreshToken)).statusCode).toBe(401);
      expect((await permissions(bearer(s.accessToken))).statusCode).toBe(401);
    });

    it('activity keeps a session alive: an authenticated call moves last_activity', async () => {
      const s = await signInAs(app, 'analyst1', 'analyst-password');
      const sid = JSON.parse(Buffer.from(s.accessToken.split('.')[1], 'base64url').toString()).sid;
      await db.query("update auth_sessions set last_activity = now() - interval '20 minutes' where session_id = $1", [sid]);
      expect((await app.inject({ method: 'POST', url: '/api/auth/activity', headers: bearer(s.accessToken) })).statusCode).toBe(200);
      await db.query("update auth_sessions set last_activity = last_activity - interval '6 minutes' where session_id = $1", [sid]);
      expect((await refreshWith(s.refreshToken)).statusCode).toBe(200);
    });
  });

  it('sign-out revokes the session server-side and clears the cookies (isSignedIn=false)', async () => {
    const s = await signInAs(app, 'reviewer1', 'reviewer-password');
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...bearer(s.accessToken), userid: String(s.userId) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().statusCode).toBe(200);
    const c = cookiesOf(res);
    expect(c.isSignedIn.value).toBe('false');
    expect(c.access_token.value).toBe('');
    expect((await permissions(bearer(s.accessToken))).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `refresh_token=${s.refreshToken}` } })).statusCode).toBe(401);
  });

  it('auto sign-out on idle also sets isActive=false', async () => {
    const s = await signInAs(app, 'reviewer1', 'reviewer-password');
    const res = await app.inject({ method: 'POST', url: '/api/auth/auto-sign-out', headers: bearer(s.accessToken) });
    expect(cookiesOf(res).isActive.value).toBe('false');
    expect((await permissions(bearer(s.accessToken))).statusCode).toBe(401);
  });

  it("disabling a user refuses their live access token on the next call and ends their refresh", async () => {
    await app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer((await signInAs(app, 'admin', adminPassword)).accessToken), payload: { username: 'leaver', password: 'leaver-password', role_id: 2 } });
    const victim = await signInAs(app, 'leaver', 'leaver-password');
    expect((await permissions(bearer(victim.accessToken))).statusCode).toBe(200);
    const admin = await signInAs(app, 'admin', adminPassword);
    const off = await app.inject({ method: 'PATCH', url: `/api/admin/users/${victim.userId}`, headers: bearer(admin.accessToken), payload: { disabled: true } });
    expect(off.statusCode).toBe(200);
    expect((await permissions(bearer(victim.accessToken))).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `refresh_token=${victim.refreshToken}` } })).statusCode).toBe(401);
    const again = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'leaver', password: 'leaver-password' }, remoteAddress: '10.0.0.8' });
    expect(again.json()).toEqual({ error: 'Unauthorized', message: badCredentialsMessage });
    // Enabled again: signs in, and the old token stays dead.
    await app.inject({ method: 'PATCH', url: `/api/admin/users/${victim.userId}`, headers: bearer(admin.accessToken), payload: { disabled: false } });
    await signInAs(app, 'leaver', 'leaver-password');
    expect((await permissions(bearer(victim.accessToken))).statusCode).toBe(401);
  });

  it("an administrator cannot take the Admin Portal away from themselves: not by their own role, not by their role's permissions", async () => {
    const admin = await signInAs(app, 'admin', adminPassword);
    const headers = bearer(admin.accessToken);
    const roles = (await app.inject({ method: 'GET', url: '/api/admin/roles', headers })).json<{ payload: Array<{ role_id: number; role_name: string; permissions: Record<string, string[]> }> }>().payload;
    const roleId = (name: string) => roles.find((r) => r.role_name === name)!.role_id;
    const demote = await app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.userId}`, headers, payload: { role_id: roleId('reviewer') } });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(adminMessages.ownRole);
    const strip = await app.inject({ method: 'PUT', url: `/api/admin/roles/${roleId('admin')}/permissions`, headers, payload: { permissions: { dashboard: ['view'] } } });
    expect(strip.statusCode).toBe(400);
    expect(strip.json().message).toBe(adminMessages.ownPermissions);
    // Nothing changed: still an administrator.
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers })).statusCode).toBe(200);
    // Someone else's role, and the own role's other modules, change as before.
    await app.inject({ method: 'POST', url: '/api/admin/users', headers, payload: { username: 'mover', password: 'mover-password', role_id: roleId('reviewer') } });
    const mover = await signInAs(app, 'mover', 'mover-password');
    expect((await app.inject({ method: 'PATCH', url: `/api/admin/users/${mover.userId}`, headers, payload: { role_id: roleId('analyst') } })).statusCode).toBe(200);
    const own = roles.find((r) => r.role_name === 'admin')!.permissions;
    expect((await app.inject({ method: 'PUT', url: `/api/admin/roles/${roleId('admin')}/permissions`, headers, payload: { permissions: own } })).statusCode).toBe(200);
  });

  it('resetting a password ends the old password and the sessions', async () => {
    const admin = await signInAs(app, 'admin', adminPassword);
    const created = await app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(admin.accessToken), payload: { username: 'forgetful', password: 'first-password', role_id: 2 } });
    expect(created.statusCode).toBe(200);
    const s = await signInAs(app, 'forgetful', 'first-password');
    const reset = await app.inject({ method: 'POST', url: `/api/admin/users/${s.userId}/password`, headers: bearer(admin.accessToken), payload: { password: 'second-password' } });
    expect(reset.statusCode).toBe(200);
    expect((await permissions(bearer(s.accessToken))).statusCode).toBe(401);
    await expect(signInAs(app, 'forgetful', 'first-password', '10.0.0.7')).rejects.toThrow(/401/);
    await signInAs(app, 'forgetful', 'second-password');
  });

  describe('rate limiting', () => {
    it('after 5 failures of a username from one address, that pair gets 429 (even the right password) until the window passes', async () => {
      for (let i = 0; i < 5; i++) {
        const r = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'Editor1', password: `wrong-${i}` }, remoteAddress: '10.1.0.1' });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'editor1', password: 'editor-password' }, remoteAddress: '10.1.0.1' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(tooManyAttemptsMessage);
      // Failures older than the window no longer count.
      await db.query("update auth_throttle set last_at = now() - interval '16 minutes' where key like 'pair:editor1|%'");
      expect((await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'editor1', password: 'editor-password' }, remoteAddress: '10.1.0.1' })).statusCode).toBe(200);
    });

    it('after 20 failures from one address, that address gets 429 for any username', async () => {
      for (let i = 0; i < 20; i++) {
        const r = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: `guess${i}`, password: 'password1' }, remoteAddress: '10.2.0.1' });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'analyst1', password: 'analyst-password' }, remoteAddress: '10.2.0.1' });
      expect(blocked.statusCode).toBe(429);
      // Another address is not affected.
      await signInAs(app, 'analyst1', 'analyst-password', '10.2.0.2');
    }, 180_000);
  });

  it('refuses sign-in from a page on an origin outside portal_access', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { origin: 'http://evil.example' }, payload: { username: 'admin', password: adminPassword } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You are not authorized to access to this site.');
  });

  it('refuses a route that declares no access, even for the admin (fail closed)', async () => {
    const admin = await signInAs(app, 'admin', adminPassword);
    const res = await app.inject({ method: 'GET', url: '/api/test/undeclared', headers: bearer(admin.accessToken) });
    expect(res.statusCode).toBe(403);
    expect(new Set(app.apiRouteAccess.filter((r) => r.access === 'undeclared').map((r) => r.url))).toEqual(new Set(['/api/test/undeclared']));
  });

  it('every real /api route declares public, signedIn or a module permission', () => {
    const real = app.apiRouteAccess.filter((r) => !r.url.startsWith('/api/test/'));
    expect(real.length).toBeGreaterThan(10);
    expect(real.filter((r) => r.access === 'undeclared')).toEqual([]);
  });
});
