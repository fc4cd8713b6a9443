import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { tooManyAttemptsMessage, wrongCurrentPasswordMessage } from '../../src/server/auth/authApiRoutes';
import { findRole } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import type { PortalConfig } from '../../src/server/context';
import type { Db } from '../../src/server/db/Db';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { openTestDb, testDbKind } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

// Issue 26 §7 and §8: sign-in behind a reverse proxy takes the address the trusted hops give (the
// rightmost untrusted one), the account has a limit that holds whatever the addresses (a short
// lock for unknown addresses, never for the owner's known one: OWASP "Blocking Brute Force
// Attacks"), and a password change's current password is throttled by the same limiter.

const proxy = '127.0.0.1';

describe('sign-in throttling behind a proxy, per account, and on password change (issue 26)', () => {
  let db: Db;
  const config = testConfig();
  const apps: FastifyInstance[] = [];
  let direct: FastifyInstance;
  let behindOne: FastifyInstance;
  let seq = 0;

  const appWith = async (trustProxy: PortalConfig['trustProxy']) => {
    const app = await buildApp({ config: { ...config, trustProxy }, db });
    await app.ready();
    apps.push(app);
    return app;
  };
  /** A fresh user (reviewer role), so each case has its own counters. */
  const newUser = async () => {
    const username = `owner${++seq}`;
    const password = `${username}-long-password`;
    await createUser(db, { username, password, role_id: (await findRole(db, 'reviewer'))!.role_id });
    return { username, password };
  };
  const signIn = (app: FastifyInstance, username: string, password: string, headers: Record<string, string> = {}, remoteAddress = proxy) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password }, headers, remoteAddress });
  const lastSessionAddress = async (username: string) =>
    (await db.query<{ address: string }>('select s.address from auth_sessions s join auth_users u using (user_id) where u.username = $1 order by s.created_at desc limit 1', [username])).rows[0]?.address;

  beforeAll(async () => {
    db = await openTestDb();
    await seedRoleUsers(db);
    direct = await appWith(false);
    behindOne = await appWith(true);
  }, 300_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
    config.cleanup();
  });

  it('PORTAL_TRUST_PROXY=true: 60 parallel wrong passwords each with another forged X-Forwarded-For are one address: at most 5 checked', async () => {
    const { username, password } = await newUser();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(behindOne, username, `guess-${i}`, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` })));
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(55);
    // The session records the address the proxy saw, never the client-written one.
    expect((await signIn(behindOne, username, password, { 'x-forwarded-for': '198.51.100.250, 203.0.113.8' })).statusCode).toBe(200);
    expect(await lastSessionAddress(username)).toBe('203.0.113.8');
  });

  it('a hop count or the proxies’ CIDRs give the rightmost address that is not a trusted proxy', async () => {
    const chain = { 'x-forwarded-for': '192.0.2.66, 198.51.100.20, 10.0.0.5' };
    for (const trust of [2, [proxy, '10.0.0.0/8']] as const) {
      const { username, password } = await newUser();
      expect((await signIn(await appWith(trust as PortalConfig['trustProxy']), username, password, chain)).statusCode).toBe(200);
      expect(await lastSessionAddress(username), JSON.stringify(trust)).toBe('198.51.100.20');
    }
    // Not behind a proxy: the header is ignored.
    const { username, password } = await newUser();
    expect((await signIn(direct, username, password, chain, '192.0.2.200')).statusCode).toBe(200);
    expect(await lastSessionAddress(username)).toBe('192.0.2.200');
  });

  it('60 parallel wrong passwords from 60 addresses: at most 10 checked; the owner’s known address still signs in, an unknown one waits', async () => {
    const { username, password } = await newUser();
    await signInAs(direct, username, password, '192.0.2.10');
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(behindOne, username, `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i + 100}` })));
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(10);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(50);
    expect(refused[0].json()).toEqual({ error: 'Too Many Requests', message: tooManyAttemptsMessage });
    // The owner, from the address they signed in from before: never locked out by the attack.
    await signInAs(direct, username, password, '192.0.2.10');
    // The right password from an address the account never used waits a short while.
    const unknown = await signIn(direct, username, password, {}, '192.0.2.11');
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(unknown.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('100 wrong current passwords on a password change: at most 5 checked, then 429 with Retry-After (the sign-in limiter)', async () => {
    const { username, password } = await newUser();
    const headers = bearer((await signInAs(direct, username, password, '192.0.2.30')).accessToken);
    const change = (current: string) =>
      direct.inject({ method: 'POST', url: '/api/auth/password', headers, remoteAddress: '192.0.2.31', payload: { current_password: current, new_password: 'an entirely new passphrase 26' } });
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await change(`guess-${i}`);
      answers.push(res.statusCode);
      if (res.statusCode === 400) expect(res.json().message).toBe(wrongCurrentPasswordMessage);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
    // Even the right current password is not checked from that address while it is blocked.
    expect((await change(password)).statusCode).toBe(429);
  });

  // Parallel calls of one session all find its last_activity write due; they must not queue on its row.
  it.runIf(testDbKind === 'postgres')("a call whose session's activity write is due does not wait while another connection holds that session's row", async () => {
    const { username, password } = await newUser();
    const s = await signInAs(direct, username, password, '192.0.2.40');
    const sid = (JSON.parse(Buffer.from(s.accessToken.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
    const stale = async () => (await db.query("update auth_sessions set last_activity = now() - interval '1 minute' where session_id = $1 returning last_activity", [sid])).rows[0];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(await db.query<{ d: string }>('select current_database() as d')).rows[0].d}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    let call: Promise<unknown> = Promise.resolve();
    try {
      await stale();
      await holder.query('begin');
      await holder.query('select 1 from auth_sessions where session_id = $1 for update', [sid]);
      let status = 0;
      call = direct.inject({ method: 'POST', url: '/api/auth/activity', headers: bearer(s.accessToken) }).then((r) => (status = r.statusCode));
      // Until the call has answered or some connection is seen waiting for a lock (the holder's).
      let waiting = false;
      while (status === 0 && !waiting) {
        waiting = (await db.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows.length > 0;
      }
      expect(waiting).toBe(false);
      expect(status).toBe(200);
    } finally {
      await holder.query('rollback');
      await call;
      await holder.end();
    }
    // With the row free again, a due write is made.
    const before = (await stale()) as { last_activity: Date };
    expect((await direct.inject({ method: 'POST', url: '/api/auth/activity', headers: bearer(s.accessToken) })).statusCode).toBe(200);
    const after = (await db.query<{ last_activity: Date }>('select last_activity from auth_sessions where session_id = $1', [sid])).rows[0];
    expect(after.last_activity.getTime()).toBeGreaterThan(before.last_activity.getTime());
  });
});
