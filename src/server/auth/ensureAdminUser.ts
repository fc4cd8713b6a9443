import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Db';
import { ensureDemoRoles } from './roles';
import { createUser } from './users';

/**
 * First start: creates the demo roles and the user `admin` (role admin) with PORTAL_ADMIN_PASSWORD,
 * or with a random password that is logged once and never stored in clear. Later starts only add
 * missing demo roles. Returns the lines it logged.
 */
export async function ensureAdminUser(db: Queryable, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    log(line);
  };
  await ensureDemoRoles(db);
  const exists = await db.query('select 1 from auth_users where lower(username) = $1', ['admin']);
  if (exists.rows.length) return lines;
  const role = await db.query<{ role_id: number }>("select role_id from auth_roles where role_name = 'admin'");
  const given = env.PORTAL_ADMIN_PASSWORD;
  const password = given || randomBytes(15).toString('base64url');
  // A generated password was printed to a log: the admin must replace it at first sign-in. One set
  // explicitly (PORTAL_ADMIN_PASSWORD) was chosen by the operator and is kept (docs/decisions/passwords.md).
  await createUser(db, { username: 'admin', password, role_id: role.rows[0].role_id, mustChangePassword: !given });
  if (given) say('Created user "admin" with the password from PORTAL_ADMIN_PASSWORD.');
  else say(`Created user "admin" with password ${password} (shown once; change it with \`portal user passwd admin\`).`);
  return lines;
}
