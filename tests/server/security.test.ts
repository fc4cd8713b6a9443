import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { mustChangePasswordMessage } from '../../src/server/auth/authPlugin';
import { passwordChangedMessage, tooManyAttemptsMessage } from '../../src/server/auth/authApiRoutes';
import { ensureAdminUser } from '../../src/server/auth/ensureAdminUser';
import { passwordTooCommonMessage, passwordTooShortMessage } from '../../src/server/auth/password';
import { scryptParameters } from '../../src/server/auth/scryptParameters';
import { crossSiteMessage } from '../../src/server/security/crossSiteCheck';
import { tooDeepMessage } from '../../src/server/security/jsonDepth';
import { pruneAuthTables } from '../../src/server/auth/pruneAuthTables';
import { emailRaw } from '../../src/server/emails/emailDetail';
import { fsStorage, storageRoot } from '../../src/server/storage/fsStorage';
import { ensurePrivateDir } from '../../src/server/storage/privateDir';
import type { Db } from '../../src/server/db/Db';
import { adminPassword, bearer, cookiesOf, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

// Issue 11 (OWASP ASVS 5.0 level 2): sign-in throttling, cookies and transport, CSRF, headers,
// passwords. docs/security.md maps each ASVS requirement to the test here that proves it.

const signIn = (app: FastifyInstance, username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password }, remoteAddress, headers });

describe('security hardening (issue 11)', () => {
  let db: Db;
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  const config = testConfig();

  beforeAll(async () => {
    db = await openTestDb();
    // A built client of two files, so `/` and an asset are served as in production.
    const clientDir = join(config.dataDir, 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(clientDir, 'assets', 'app.js'), 'export {};');
    app = await buildApp({ config: { ...config, clientDir }, db });
    proxied = await buildApp({ config: { ...config, clientDir, trustProxy: ['127.0.0.1'] }, db });
    await Promise.all([app.ready(), proxied.ready()]);
    await seedRoleUsers(db);
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await proxied.close();
    await db.close();
    config.cleanup();
  });

  describe('sign-in throttling (ASVS V6.3.1)', () => {
    it('60 parallel wrong passwords for one user from one address get at most 5 password checks, then 429 with Retry-After', async () => {
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(app, 'editor1', `wrong-guess-${i}`, '10.11.0.1')));
      const checked = answers.filter((r) => r.statusCode === 401).length;
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(checked).toBeLessThanOrEqual(5);
      expect(checked + refused.length).toBe(60);
      expect(refused[0].json()).toEqual({ error: 'Too Many Requests', message: tooManyAttemptsMessage });
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      // The right password from the attacker's address is refused without a check ...
      expect((await signIn(app, 'editor1', 'editor-password', '10.11.0.1')).statusCode).toBe(429);
      // ... but the owner signs in from their own address while the account is hammered.
      await signInAs(app, 'editor1', 'editor-password', '10.11.0.2');
    });

    it('the wait grows: each failure let through after a block doubles Retry-After', async () => {
      for (let i = 0; i < 5; i++) expect((await signIn(app, 'analyst1', `nope-${i}`, '10.12.0.1')).statusCode).toBe(401);
      const first = await signIn(app, 'analyst1', 'nope', '10.12.0.1');
      expect(first.statusCode).toBe(429);
      const wait1 = Number(first.headers['retry-after']);
      expect(wait1).toBeGreaterThan(50);
      expect(wait1).toBeLessThanOrEqual(60);
      // Time passes beyond the first block: one more guess is checked, then the block is twice as long.
      await db.query("update auth_throttle set last_at = last_at - interval '61 seconds' where key = 'pair:analyst1|10.12.0.1'");
      expect((await signIn(app, 'analyst1', 'nope-again', '10.12.0.1')).statusCode).toBe(401);
      const second = await signIn(app, 'analyst1', 'nope', '10.12.0.1');
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(90);
    });

    it('random usernames from one address are stopped at the address limit; the admin still signs in from elsewhere', async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(app, `nobody${i}`, 'whatever-password', '10.13.0.1')));
      expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(20);
      expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(10);
      await signInAs(app, 'admin', adminPassword, '10.13.0.2');
    }, 120_000);
  });

  describe('cookies and transport (ASVS V3.3.1, V12.1.1)', () => {
    it('behind a trusted proxy saying https, every auth cookie is Secure and HSTS is sent', async () => {
      const res = await signIn(proxied, 'reviewer1', 'reviewer-password', '127.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
      expect(res.statusCode).toBe(200);
      const cookies = cookiesOf(res);
      expect(Object.keys(cookies)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'portal_access', 'user_id']));
      for (const [name, c] of Object.entries(cookies)) expect(c.secure, name).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      // The session records the client's address from X-Forwarded-For, not the proxy's.
      const s = await db.query<{ address: string }>("select address from auth_sessions order by created_at desc limit 1");
      expect(s.rows[0].address).toBe('203.0.113.9');
    });

    it('an untrusted X-Forwarded-Proto changes nothing: no Secure, no HSTS', async () => {
      const res = await signIn(app, 'reviewer1', 'reviewer-password', '10.14.0.1', { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(200);
      expect(cookiesOf(res).access_token.secure).toBeFalsy();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('the refresh token is never in a JSON body (sign-in and refresh)', async () => {
      const res = await signIn(app, 'reviewer1', 'reviewer-password', '10.14.0.2');
      expect(res.body).not.toContain(cookiesOf(res).refresh_token.value);
      const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: cookiesOf(res).refresh_token.value } });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().payload.refresh_token).toBeUndefined();
      expect(refreshed.body).not.toContain(cookiesOf(refreshed).refresh_token.value);
    });
  });

  describe('cross-site requests (ASVS V3.5.1, V3.5.3)', () => {
    it('a cross-origin POST is refused with 403 before it does anything: JSON, multipart and admin', async () => {
      const admin = await signInAs(app, 'admin', adminPassword, '10.15.0.1');
      const evil = { ...bearer(admin.accessToken), origin: 'http://evil.test' };
      const update = await app.inject({ method: 'POST', url: '/api/emails', headers: evil, payload: { type: 'update', payload: [{ muid: 1, email_read: 1 }] } });
      expect(update.statusCode).toBe(403);
      expect(update.json()).toEqual({ error: 'Forbidden', message: crossSiteMessage });
      const boundary = 'x-boundary';
      const multipart = await app.inject({
        method: 'POST',
        url: '/api/upload-product-media?product_id=1',
        headers: { ...evil, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode).toBe(403);
      const user = await app.inject({ method: 'POST', url: '/api/admin/users', headers: evil, payload: { username: 'intruder', password: 'a-long-enough-password', role_id: 2 } });
      expect(user.statusCode).toBe(403);
      expect((await db.query("select 1 from auth_users where username = 'intruder'")).rows).toEqual([]);
      // A same-site page on another port is another origin.
      const sameSite = await app.inject({ method: 'POST', url: '/api/auth/activity', headers: { ...bearer(admin.accessToken), origin: 'http://localhost:9999' } });
      expect(sameSite.statusCode).toBe(403);
      // Without Origin, Sec-Fetch-Site decides; the portal's own origin passes.
      const fetchSite = await app.inject({ method: 'POST', url: '/api/auth/activity', headers: { ...bearer(admin.accessToken), 'sec-fetch-site': 'same-site' } });
      expect(fetchSite.statusCode).toBe(403);
      const own = await app.inject({ method: 'POST', url: '/api/auth/activity', headers: { ...bearer(admin.accessToken), origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' } });
      expect(own.statusCode).toBe(200);
    });

    it('sign-out is a POST (a GET no longer signs anyone out)', async () => {
      const s = await signInAs(app, 'reviewer1', 'reviewer-password', '10.15.0.2');
      expect((await app.inject({ method: 'GET', url: '/api/auth/sign-out', headers: bearer(s.accessToken) })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/auth/permissions', headers: bearer(s.accessToken) })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(s.accessToken) })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/auth/permissions', headers: bearer(s.accessToken) })).statusCode).toBe(401);
    });
  });

  describe('security headers (ASVS V3.4)', () => {
    it('CSP, frame, referrer and nosniff headers on /, an asset, the API and an API error', async () => {
      for (const url of ['/', '/assets/app.js', '/api/health', '/api/nope', '/api/auth/permissions']) {
        const res = await app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        // Scripts from the portal only: no inline script and no eval (Ajv validators are precompiled).
        expect(csp, url).toMatch(/(^|;)script-src 'self'(;|$)/);
        expect(csp, url).not.toContain('unsafe-eval');
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("object-src 'none'");
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    });
  });

  describe('bad input (ASVS V2.2.1, V16.5.1)', () => {
    it('a JSON body nested 3,000 deep gets 400 in the one error shape, never a 500', async () => {
      const admin = await signInAs(app, 'admin', adminPassword, '10.17.0.1');
      const deep = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
      for (const url of ['/api/addProduct', '/api/emails', '/api/auth/sign-in']) {
        const res = await app.inject({ method: 'POST', url, headers: { ...bearer(admin.accessToken), 'content-type': 'application/json' }, payload: deep });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error: 'Bad Request', message: tooDeepMessage });
      }
      // Strings holding brackets are not nesting.
      const flat = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: '[[[[{{{{'.repeat(20), password: 'x' }, remoteAddress: '10.17.0.2' });
      expect(flat.statusCode).toBe(401);
    });

    it('errors raised before any handler (cross-site, 404, 415, 413, unauthenticated) share the {error, message} shape', async () => {
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/emails', headers: { origin: 'http://evil.test' }, payload: {} }),
        app.inject({ method: 'GET', url: '/api/nope' }),
        app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'text/xml' }, payload: '<a/>' }),
        app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(2_000_000) }) }),
        app.inject({ method: 'GET', url: '/api/auth/permissions' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([403, 404, 415, 413, 401]);
      for (const r of answers) expect(Object.keys(r.json()).sort()).toEqual(['error', 'message']);
    });
  });

  describe('resource limits (ASVS V15.2.2, V13.4.x)', () => {
    it('View Original reads only the message’s byte range of its pack file; the storage range read stops at the end', async () => {
      const files = fsStorage(storageRoot(config.dataDir));
      const pack = Buffer.concat([Buffer.alloc(4096, 'x'), Buffer.from('Subject: ranged\r\n\r\nbody\r\n'), Buffer.alloc(4096, 'y')]);
      await files.put('packs/test.pack', pack);
      expect((await files.getRange('packs/test.pack', 8190, 100)).length).toBe(pack.length - 8190);
      const r = await db.query<{ muid: string }>(
        "insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_date, deleted, index_name) values ('<ranged@t>', 'x', 25, 'ranged', 'a@b.c', now(), 0, 'emails_2024') returning muid::text as muid",
      );
      const muid = Number(r.rows[0].muid);
      await db.query("insert into email_raw (muid, storage_key, raw_offset, raw_length) values ($1, 'packs/test.pack', 4096, 25)", [muid]);
      // A store whose whole-file read fails: the raw message must come from the range alone.
      const rangedOnly = { get: () => Promise.reject(new Error('read the whole pack')), getRange: files.getRange };
      expect((await emailRaw(db, muid, rangedOnly))?.toString()).toBe('Subject: ranged\r\n\r\nbody\r\n');
      const admin = await signInAs(app, 'admin', adminPassword, '10.18.0.1');
      const res = await app.inject({ method: 'GET', url: `/api/emails/original/${muid}`, headers: bearer(admin.accessToken) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('Subject: ranged\r\n\r\nbody\r\n');
    });

    it('the data directory is created 0700 (owner only)', async () => {
      const dir = join(config.dataDir, 'private-check');
      ensurePrivateDir(dir);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      chmodSync(dir, 0o755);
      ensurePrivateDir(dir);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    });

    it('expired throttle rows and ended sessions are pruned', async () => {
      await db.query("insert into auth_throttle (key, failures, last_at) values ('pair:old|1.2.3.4', 3, now() - interval '3 hours') on conflict do nothing");
      const s = await signInAs(app, 'reviewer1', 'reviewer-password', '10.18.0.2');
      await db.query("update auth_sessions set expires_at = now() - interval '2 days' where session_id = (select session_id from auth_sessions order by created_at desc limit 1)");
      expect(await pruneAuthTables(app.authRuntime)).toBeGreaterThanOrEqual(2);
      expect((await db.query("select 1 from auth_throttle where key = 'pair:old|1.2.3.4'")).rows).toEqual([]);
      expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: s.refreshToken } })).statusCode).toBe(401);
    });
  });

  describe('passwords (ASVS V6.2, V11.4.2)', () => {
    it("refuses a short password and a common one ('password1234'), accepts a long uncommon one", async () => {
      const admin = await signInAs(app, 'admin', adminPassword, '10.16.0.1');
      const create = (password: string) => app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(admin.accessToken), payload: { username: 'newcomer', password, role_id: 2 } });
      expect((await create('short-pass1')).statusCode).toBe(400);
      const common = await create('password1234');
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toBe(passwordTooCommonMessage);
      expect((await app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(admin.accessToken), payload: { username: 'newcomer', password: 'elevenchars', role_id: 2 } })).json().message).toMatch(/12/);
      expect(passwordTooShortMessage).toMatch(/12 characters/);
      expect((await create('lantern orchard 42 ways')).statusCode).toBe(200);
    });

    it('stores scrypt at OWASP parameters and rehashes an older hash at sign-in', async () => {
      const stored = async () => (await db.query<{ password_hash: string }>("select password_hash from auth_users where username = 'newcomer'")).rows[0].password_hash;
      // At the configured cost (the suites set PORTAL_PASSWORD_COST=10; the default is 15, unit-tested).
      expect((await stored()).split('$').slice(0, 4)).toEqual(['scrypt', String(scryptParameters().N), '8', '3']);
      // A hash from before (N=2^15, p=1) still verifies and is replaced by today's parameters.
      const { scryptSync, randomBytes } = await import('node:crypto');
      const salt = randomBytes(16);
      const old = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), scryptSync('lantern orchard 42 ways', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64')].join('$');
      await db.query("update auth_users set password_hash = $1 where username = 'newcomer'", [old]);
      await signInAs(app, 'newcomer', 'lantern orchard 42 ways', '10.16.0.2');
      expect((await stored()).split('$').slice(0, 4)).toEqual(['scrypt', String(scryptParameters().N), '8', '3']);
    });

    it('a signed-in user changes their own password (current one required; sessions end)', async () => {
      const s = await signInAs(app, 'newcomer', 'lantern orchard 42 ways', '10.16.0.3');
      const change = (current_password: string, new_password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(s.accessToken), payload: { current_password, new_password } });
      expect((await change('not the password', 'copper kettle sings twice')).statusCode).toBe(400);
      expect((await change('lantern orchard 42 ways', 'password1234')).json().message).toBe(passwordTooCommonMessage);
      const ok = await change('lantern orchard 42 ways', 'copper kettle sings twice');
      expect(ok.json()).toEqual({ statusCode: 200, payload: { message: passwordChangedMessage } });
      expect((await app.inject({ method: 'GET', url: '/api/auth/permissions', headers: bearer(s.accessToken) })).statusCode).toBe(401);
      await signInAs(app, 'newcomer', 'copper kettle sings twice', '10.16.0.3');
    });

    it('the first admin with a generated password must change it before anything else; one set in PORTAL_ADMIN_PASSWORD need not', async () => {
      const lines: string[] = [];
      await db.query("update auth_users set username = 'admin-before' where username = 'admin'");
      await ensureAdminUser(db, (l) => lines.push(l), {});
      const generated = /password (\S+) \(shown once/.exec(lines.join('\n'))?.[1];
      expect(generated).toBeDefined();
      const res = await signIn(app, 'admin', generated!, '10.16.0.4');
      expect(res.json().payload.must_change_password).toBe(true);
      const token = res.json().payload.access_token as string;
      const blocked = await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(mustChangePasswordMessage);
      const changed = await app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload: { current_password: generated, new_password: 'a brand new admin secret' } });
      expect(changed.statusCode).toBe(200);
      const again = await signInAs(app, 'admin', 'a brand new admin secret', '10.16.0.4');
      expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(again.accessToken) })).statusCode).toBe(200);
      // The explicit-password admin of seedRoleUsers never had to.
      const explicit = await signIn(app, 'admin-before', adminPassword, '10.16.0.5');
      expect(explicit.json().payload.must_change_password).toBeUndefined();
      await db.query("delete from auth_sessions where user_id = (select user_id from auth_users where username = 'admin')");
      await db.query("delete from auth_users where username = 'admin'");
      await db.query("update auth_users set username = 'admin' where username = 'admin-before'");
    });
  });
});
