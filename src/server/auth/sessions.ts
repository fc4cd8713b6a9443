import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/Db';
import type { AuthContext } from './AuthContext';
import type { AuthRuntime } from './AuthRuntime';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { beginPasswordAttempt, passwordAttemptSucceeded } from './passwordAttempts';
import { hashToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens';

/** What sign-in and refresh hand out. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Access-token lifetime in seconds. */
  expiresIn: number;
  userId: number;
  username: string;
  roleId: number;
  roleName: string;
  sessionId: string;
}

export type SignInResult = { ok: true; tokens: IssuedTokens; mustChangePassword: boolean } | { ok: false; status: 401 } | { ok: false; status: 429; retryAfter: number };

const iso = (ms: number) => new Date(ms).toISOString();

async function issue(rt: AuthRuntime, q: Queryable, user: { user_id: number; username: string; role_id: number; role_name: string; session_version: number }, sessionId: string): Promise<IssuedTokens> {
  const refreshToken = newRefreshToken();
  await q.query('insert into auth_refresh_tokens (token_hash, session_id, created_at) values ($1, $2, $3)', [hashToken(refreshToken), sessionId, iso(rt.settings.now())]);
  const accessToken = await signAccessToken(rt.key, { userId: user.user_id, sessionId, sessionVersion: user.session_version }, rt.settings.now(), rt.settings.accessTokenSeconds);
  return {
    accessToken,
    refreshToken,
    expiresIn: rt.settings.accessTokenSeconds,
    userId: user.user_id,
    username: user.username,
    roleId: user.role_id,
    roleName: user.role_name,
    sessionId,
  };
}

/**
 * Checks the password and opens a session. Unknown user, wrong password and disabled user give the
 * same 401 after the same scrypt work. Throttled before the password is looked at
 * (passwordAttempts.ts): per (username, address), per address, and per account from unknown
 * addresses; the owner's known addresses are never locked out by an attack on the account.
 */
export async function signIn(rt: AuthRuntime, input: { username: string; password: string; address: string; userAgent: string }): Promise<SignInResult> {
  const username = input.username.trim().toLowerCase();
  const { settings } = rt;
  const attempt = await beginPasswordAttempt(rt, username, input.address);
  if (!attempt.allowed) return { ok: false, status: 429, retryAfter: attempt.retryAfter };
  const r = await rt.db.query<{ user_id: number; username: string; password_hash: string; disabled: boolean; role_id: number; role_name: string; session_version: number; must_change_password: boolean }>(
    `select u.user_id, u.username, u.password_hash, u.disabled, u.role_id, r.role_name, u.session_version, u.must_change_password
       from auth_users u join auth_roles r on r.role_id = u.role_id where lower(u.username) = $1`,
    [username],
  );
  const user = r.rows[0];
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !valid || user.disabled) return { ok: false, status: 401 };
  await passwordAttemptSucceeded(rt, username, input.address);
  if (needsRehash(user.password_hash)) {
    await rt.db.query('update auth_users set password_hash = $2 where user_id = $1 and password_hash = $3', [user.user_id, await hashPassword(input.password), user.password_hash]);
  }
  const sessionId = randomUUID();
  const now = settings.now();
  await rt.db.query(
    `insert into auth_sessions (session_id, user_id, created_at, last_activity, expires_at, address, user_agent)
     values ($1, $2, $3, $3, $4, $5, $6)`,
    [sessionId, user.user_id, iso(now), iso(now + settings.sessionMaxMs), input.address, input.userAgent.slice(0, 300)],
  );
  return { ok: true, tokens: await issue(rt, rt.db, user, sessionId), mustChangePassword: user.must_change_password };
}

export async function revokeSession(rt: AuthRuntime, sessionId: string, reason: string): Promise<void> {
  await rt.db.query('update auth_sessions set revoked_at = $2, revoked_reason = $3 where session_id = $1 and revoked_at is null', [sessionId, iso(rt.settings.now()), reason]);
}

/**
 * Rotates a refresh token: the presented one is spent and a new one issued in the same family.
 * A token presented twice means it was copied: the whole family (session) is revoked. Sessions that
 * were revoked, expired, idle past the limit, or whose user is disabled cannot refresh.
 */
export async function refresh(rt: AuthRuntime, refreshToken: string, expectedUserId?: number): Promise<IssuedTokens | null> {
  const now = rt.settings.now();
  return rt.db.transaction(async (tx) => {
    const r = await tx.query<{ session_id: string; used_at: string | null; revoked_at: string | null; expires_at: string; last_activity: string; user_id: number; username: string; disabled: boolean; role_id: number; role_name: string; session_version: number }>(
      `select t.session_id, t.used_at, s.revoked_at, s.expires_at, s.last_activity, u.user_id, u.username, u.disabled, u.role_id, r.role_name, u.session_version
         from auth_refresh_tokens t join auth_sessions s on s.session_id = t.session_id
         join auth_users u on u.user_id = s.user_id join auth_roles r on r.role_id = u.role_id
        where t.token_hash = $1 for update of t`,
      [hashToken(refreshToken)],
    );
    const row = r.rows[0];
    if (!row) return null;
    if (row.used_at !== null) {
      await tx.query("update auth_sessions set revoked_at = $2, revoked_reason = 'refresh token replayed' where session_id = $1 and revoked_at is null", [row.session_id, iso(now)]);
      return null;
    }
    const idle = now - new Date(row.last_activity).getTime() >= rt.settings.idleLimitMs;
    if (row.revoked_at !== null || row.disabled || new Date(row.expires_at).getTime() <= now || idle) return null;
    if (expectedUserId !== undefined && expectedUserId !== row.user_id) return null;
    await tx.query('update auth_refresh_tokens set used_at = $2 where token_hash = $1', [hashToken(refreshToken), iso(now)]);
    return issue(rt, tx, row, row.session_id);
  });
}

/** The session behind a refresh token, if that token is known (used or not). */
export async function sessionOfRefreshToken(rt: AuthRuntime, refreshToken: string): Promise<string | null> {
  const r = await rt.db.query<{ session_id: string }>('select session_id from auth_refresh_tokens where token_hash = $1', [hashToken(refreshToken)]);
  return r.rows[0]?.session_id ?? null;
}

interface SessionRow {
  user_id: number;
  username: string;
  disabled: boolean;
  session_version: number;
  role_id: number;
  role_name: string;
  all_sectors: boolean;
  sectors: number[];
  revoked_at: string | null;
  expires_at: string;
  last_activity: string;
  grants: Array<[string, string]>;
  must_change_password: boolean;
}

/** A session with its user, role and grants: the lookup behind every authenticated request (prepared per connection). */
export async function sessionRow(db: Queryable, sessionId: string, userId: number): Promise<SessionRow | undefined> {
  const r = await db.query<SessionRow>(
    `select u.user_id, u.username, u.disabled, u.session_version, u.must_change_password, u.role_id, r.role_name, r.all_sectors, r.sectors,
            s.revoked_at, s.expires_at, s.last_activity,
            coalesce((select json_agg(json_build_array(p.module, p.operation)) from auth_role_permissions p where p.role_id = u.role_id), '[]'::json) as grants
       from auth_sessions s join auth_users u on u.user_id = s.user_id join auth_roles r on r.role_id = u.role_id
      where s.session_id = $1 and s.user_id = $2`,
    [sessionId, userId],
    { prepare: true },
  );
  return r.rows[0];
}

/**
 * Verifies an access token and loads who it belongs to, refusing revoked, expired and idle sessions,
 * disabled users and tokens from before a session_version bump. One query per call, so disabling a
 * user takes effect on their next call; last_activity is written at most every few seconds.
 */
export async function authenticate(rt: AuthRuntime, token: string): Promise<AuthContext | null> {
  const now = rt.settings.now();
  const claims = await verifyAccessToken(rt.key, token, now);
  if (!claims) return null;
  const row = await sessionRow(rt.db, claims.sessionId, claims.userId);
  if (!row || row.disabled || row.revoked_at !== null || row.session_version !== claims.sessionVersion) return null;
  const last = new Date(row.last_activity).getTime();
  if (new Date(row.expires_at).getTime() <= now || now - last >= rt.settings.idleLimitMs) return null;
  if (now - last >= rt.settings.activityWriteEveryMs) {
    // Calls of one session arriving together all find the write due: the first writes, the others
    // skip the row it holds instead of queueing behind it to write the same instant again.
    await rt.db.query(
      `update auth_sessions set last_activity = $2
        where session_id = (select session_id from auth_sessions where session_id = $1 and last_activity < $3 for update skip locked)`,
      [claims.sessionId, iso(now), iso(now - rt.settings.activityWriteEveryMs + 1)],
      { prepare: true },
    );
  }
  const grants: Record<string, string[]> = {};
  const pairs = typeof row.grants === 'string' ? (JSON.parse(row.grants) as Array<[string, string]>) : row.grants;
  for (const [module, op] of pairs) (grants[module] ??= []).push(op);
  return {
    userId: row.user_id,
    username: row.username,
    roleId: row.role_id,
    roleName: row.role_name,
    sessionId: claims.sessionId,
    allSectors: row.all_sectors,
    sectors: row.sectors ?? [],
    grants,
    ...(row.must_change_password ? { mustChangePassword: true } : {}),
  };
}
