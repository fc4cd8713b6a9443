import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../../../src/server/db/Db';
import { ensureAdminUser } from '../../../src/server/auth/ensureAdminUser';
import { demoRoles } from '../../../src/server/auth/modules';
import { findRole } from '../../../src/server/auth/roles';
import { createUser } from '../../../src/server/auth/users';

export const adminPassword = 'admin-test-password';

/** The demo roles plus one user per role, named after the role, password `<role>-password`. */
export async function seedRoleUsers(db: Queryable): Promise<Record<string, { username: string; password: string }>> {
  await ensureAdminUser(db, () => undefined, { PORTAL_ADMIN_PASSWORD: adminPassword });
  const users: Record<string, { username: string; password: string }> = { admin: { username: 'admin', password: adminPassword } };
  for (const role of demoRoles) {
    if (role.role_name === 'admin') continue;
    const r = await findRole(db, role.role_name);
    const username = `${role.role_name}1`;
    const password = `${role.role_name}-password`;
    await createUser(db, { username, password, role_id: r!.role_id });
    users[role.role_name] = { username, password };
  }
  return users;
}

/** The Set-Cookie headers of a response, by cookie name. */
export function cookiesOf(res: LightMyRequestResponse): Record<string, { value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }> {
  const out: Record<string, { value: string; httpOnly?: boolean; sameSite?: string; path?: string }> = {};
  for (const c of res.cookies as Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }>) out[c.name] = c;
  return out;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  userId: number;
}

export async function signInAs(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1'): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ payload: { access_token: string; user_id: number } }>();
  return { accessToken: body.payload.access_token, refreshToken: cookiesOf(res).refresh_token.value, userId: body.payload.user_id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
