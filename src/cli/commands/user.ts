import type { Command } from 'commander';
import { findRole } from '../../server/auth/roles';
import { createUser, findUser, listUsers, setUserDisabled, setUserPassword } from '../../server/auth/users';
import { HttpError } from '../../server/httpError';
import { readPassword } from './readPassword';
import { withAuthDb } from './withAuthDb';

async function userOrFail(db: Parameters<typeof findUser>[0], name: string) {
  const user = await findUser(db, name);
  if (!user) throw new HttpError(404, `No user "${name}".`);
  return user;
}

/** `portal user add|list|disable|enable|passwd`: users for scripts (the Admin Portal does the same). */
export function register(program: Command): void {
  const user = program.command('user').description('manage portal users (passwords are read from stdin)');

  user
    .command('add')
    .description('create a user; the password is the first line of stdin')
    .requiredOption('--username <name>', 'user name')
    .requiredOption('--role <role>', 'role name or id (admin, reviewer, editor, analyst, ...)')
    .option('--email <email>', 'email address (sender and default Cc of forwarded emails)')
    .action((opts: { username: string; role: string; email?: string }) =>
      withAuthDb(async (db) => {
        const role = await findRole(db, opts.role);
        if (!role) throw new HttpError(404, `No role "${opts.role}".`);
        const password = await readPassword();
        const id = await createUser(db, { username: opts.username, password, role_id: role.role_id, email: opts.email });
        console.log(`created user ${opts.username} (id ${id}, role ${role.role_name})`);
      }),
    );

  user
    .command('list')
    .description('list users')
    .action(() =>
      withAuthDb(async (db) => {
        for (const u of await listUsers(db)) console.log(`${u.user_id}\t${u.username}\t${u.role_name}${u.disabled ? '\tdisabled' : ''}`);
      }),
    );

  user
    .command('disable <username>')
    .description('disable a user and end their sessions at once')
    .action((name: string) =>
      withAuthDb(async (db) => {
        const u = await userOrFail(db, name);
        await setUserDisabled(db, u.user_id, true);
        console.log(`disabled ${u.username}; their sessions are ended`);
      }),
    );

  user
    .command('enable <username>')
    .description('enable a disabled user')
    .action((name: string) =>
      withAuthDb(async (db) => {
        const u = await userOrFail(db, name);
        await setUserDisabled(db, u.user_id, false);
        console.log(`enabled ${u.username}`);
      }),
    );

  user
    .command('passwd <username>')
    .description('set a new password (first line of stdin); ends the user\'s sessions')
    .action((name: string) =>
      withAuthDb(async (db) => {
        const u = await userOrFail(db, name);
        await setUserPassword(db, u.user_id, await readPassword('New password: '));
        console.log(`password of ${u.username} changed; their sessions are ended`);
      }),
    );
}
