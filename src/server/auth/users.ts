import type { AdminUser } from '../../api/authTypes';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { hashPassword, passwordProblem } from './password';

/** The API row type is the record: one definition for server and client. */
export type UserRecord = AdminUser;

const usernamePattern = /^[A-Za-z0-9][\w.@-]{0,59}$/;

export async function listUsers(db: Queryable): Promise<UserRecord[]> {
  const r = await db.query<UserRecord & { created_at: Date | string }>(
    `select u.user_id, u.username, u.email, u.role_id, r.role_name, u.disabled, u.created_at
       from auth_users u join auth_roles r on r.role_id = u.role_id order by u.user_id`,
  );
  return r.rows.map((u) => ({ ...u, created_at: new Date(u.created_at).toISOString() }));
}

export async function findUser(db: Queryable, nameOrId: string | number): Promise<UserRecord | undefined> {
  const users = await listUsers(db);
  return users.find((u) => u.user_id === Number(nameOrId) || u.username.toLowerCase() === String(nameOrId).toLowerCase());
}

export async function createUser(db: Queryable, user: { username: string; password: string; role_id: number; email?: string; mustChangePassword?: boolean }): Promise<number> {
  const username = user.username.trim();
  if (!usernamePattern.test(username)) throw httpError(400, 'A username has 1 to 60 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.');
  const problem = passwordProblem(user.password);
  if (problem) throw httpError(400, problem);
  const role = await db.query('select 1 from auth_roles where role_id = $1', [user.role_id]);
  if (!role.rows.length) throw httpError(400, 'No such role.');
  const exists = await db.query('select 1 from auth_users where lower(username) = lower($1)', [username]);
  if (exists.rows.length) throw httpError(409, `The user "${username}" already exists.`);
  const r = await db.query<{ user_id: number }>(
    'insert into auth_users (username, email, password_hash, role_id, must_change_password) values ($1, $2, $3, $4, $5) returning user_id',
    [username, user.email ?? '', await hashPassword(user.password), user.role_id, user.mustChangePassword ?? false],
  );
  return r.rows[0].user_id;
}

/**
 * Disabling bumps session_version and revokes every session, so the user's live access tokens and
 * refresh tokens stop working on their next call.
 */
export async function setUserDisabled(db: Queryable, userId: number, disabled: boolean): Promise<void> {
  const r = await db.query(
    `update auth_users set disabled = $2, updated_at = now(),
            session_version = session_version + case when $2 then 1 else 0 end where user_id = $1`,
    [userId, disabled],
  );
  if (r.rowCount === 0) throw httpError(404, 'No such user.');
  if (disabled) await revokeUserSessions(db, userId, 'user disabled');
}

/** A reset password also ends the user's sessions (a leaked password's sessions die with it). */
export async function setUserPassword(db: Queryable, userId: number, password: string, opts: { mustChange?: boolean } = {}): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw httpError(400, problem);
  const r = await db.query(
    'update auth_users set password_hash = $2, must_change_password = $3, session_version = session_version + 1, updated_at = now() where user_id = $1',
    [userId, await hashPassword(password), opts.mustChange ?? false],
  );
  if (r.rowCount === 0) throw httpError(404, 'No such user.');
  await revokeUserSessions(db, userId, 'password reset');
}

export async function updateUser(db: Queryable, userId: number, patch: { role_id?: number; email?: string }): Promise<void> {
  if (patch.role_id !== undefined) {
    const role = await db.query('select 1 from auth_roles where role_id = $1', [patch.role_id]);
    if (!role.rows.length) throw httpError(400, 'No such role.');
  }
  const r = await db.query(
    'update auth_users set role_id = coalesce($2, role_id), email = coalesce($3, email), updated_at = now() where user_id = $1',
    [userId, patch.role_id ?? null, patch.email ?? null],
  );
  if (r.rowCount === 0) throw httpError(404, 'No such user.');
}

export async function revokeUserSessions(db: Queryable, userId: number, reason: string): Promise<void> {
  await db.query('update auth_sessions set revoked_at = now(), revoked_reason = $2 where user_id = $1 and revoked_at is null', [userId, reason]);
}
