import type { Command } from 'commander';
import { portalModules } from '../../server/auth/modules';
import { createRole, findRole, grant, listRoles, revoke, updateRole } from '../../server/auth/roles';
import { HttpError } from '../../server/httpError';
import { withAuthDb } from './withAuthDb';

const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

async function roleOrFail(db: Parameters<typeof findRole>[0], name: string) {
  const role = await findRole(db, name);
  if (!role) throw new HttpError(404, `No role "${name}".`);
  return role;
}

/** `portal role list|add|grant|revoke|sectors|modules`: roles and their module permissions for scripts. */
export function register(program: Command): void {
  const role = program.command('role').description('manage roles, module permissions and allowed sectors');

  role
    .command('list')
    .description('list roles with their grants and allowed sectors')
    .action(() =>
      withAuthDb(async (db) => {
        for (const r of await listRoles(db)) {
          console.log(`${r.role_id}\t${r.role_name}\t${r.user_count} user(s)\tsectors: ${r.all_sectors ? 'all' : r.sectors.join(',') || 'none'}`);
          for (const [module, ops] of Object.entries(r.permissions)) console.log(`\t${module}: ${ops.join(', ')}`);
        }
      }),
    );

  role
    .command('modules')
    .description('list the modules and their operations (schemas/admin/modules.json)')
    .action(() => {
      for (const m of portalModules) console.log(`${m.key}\t/${m.module_url_slug}\t${m.operations.join(', ')}`);
    });

  role
    .command('add <name>')
    .description('create a role without permissions')
    .option('--description <text>', 'what the role is for')
    .action((name: string, opts: { description?: string }) =>
      withAuthDb(async (db) => {
        const id = await createRole(db, { role_name: name, description: opts.description });
        console.log(`created role ${name} (id ${id})`);
      }),
    );

  role
    .command('grant <role> <module> <operations>')
    .description('grant operations (comma-separated, or "all") on a module, e.g. `portal role grant reviewer dashboard view,edit`')
    .action((name: string, module: string, operations: string) =>
      withAuthDb(async (db) => {
        const r = await roleOrFail(db, name);
        const ops = operations === 'all' ? (portalModules.find((m) => m.key === module)?.operations ?? []) : list(operations);
        await grant(db, r.role_id, module, ops);
        console.log(`granted ${module}: ${ops.join(', ')} to ${r.role_name}`);
      }),
    );

  role
    .command('revoke <role> <module> <operations>')
    .description('revoke operations (comma-separated, or "all") on a module')
    .action((name: string, module: string, operations: string) =>
      withAuthDb(async (db) => {
        const r = await roleOrFail(db, name);
        const ops = operations === 'all' ? (portalModules.find((m) => m.key === module)?.operations ?? []) : list(operations);
        await revoke(db, r.role_id, module, ops);
        console.log(`revoked ${module}: ${ops.join(', ')} from ${r.role_name}`);
      }),
    );

  role
    .command('sectors <role> <sectors>')
    .description('set the allowed sectors: "all", "none" or comma-separated sector ids')
    .action((name: string, sectors: string) =>
      withAuthDb(async (db) => {
        const r = await roleOrFail(db, name);
        const ids = sectors === 'all' || sectors === 'none' ? [] : list(sectors).map(Number);
        if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw new HttpError(400, 'Sector ids are positive integers.');
        await updateRole(db, r.role_id, { all_sectors: sectors === 'all', sectors: ids });
        console.log(`${r.role_name} may use ${sectors === 'all' ? 'every sector' : ids.length ? `sectors ${ids.join(', ')}` : 'no sector'}`);
      }),
    );
}
