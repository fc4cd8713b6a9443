import type { AdminRole } from '../../api/authTypes';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { demoRoles, expandGrants, findModule, portalModules } from './modules';

/** The API row type is the record: one definition for server and client. */
export type RoleRecord = AdminRole;

export async function listRoles(db: Queryable): Promise<RoleRecord[]> {
  const roles = await db.query<Omit<RoleRecord, 'permissions'>>(
    `select r.role_id, r.role_name, r.description, r.all_sectors, r.sectors,
            (select count(*)::int from auth_users u where u.role_id = r.role_id) as user_count
       from auth_roles r order by r.role_id`,
  );
  const grants = await db.query<{ role_id: number; module: string; operation: string }>(
    'select role_id, module, operation from auth_role_permissions order by role_id, module, operation',
  );
  return roles.rows.map((r) => {
    const permissions: Record<string, string[]> = {};
    // A grant of an operation the module table no longer has (an analyst removed it) is not shown: it
    // grants nothing, and the role form would refuse it as not one of the module's choices on every save.
    for (const g of grants.rows) if (g.role_id === r.role_id && findModule(g.module)?.operations.includes(g.operation)) (permissions[g.module] ??= []).push(g.operation);
    return { ...r, permissions };
  });
}

export async function findRole(db: Queryable, nameOrId: string | number): Promise<RoleRecord | undefined> {
  const roles = await listRoles(db);
  return roles.find((r) => r.role_id === Number(nameOrId) || r.role_name.toLowerCase() === String(nameOrId).toLowerCase());
}

/** A valid role name not used by another role (`except`: the role being renamed), or 400/409. */
async function checkRoleName(db: Queryable, raw: string, except?: number): Promise<string> {
  const name = raw.trim();
  if (!/^[\w .-]{1,60}$/.test(name)) throw httpError(400, 'A role name has 1 to 60 letters, digits, spaces, dots, dashes or underscores.');
  const exists = await db.query('select 1 from auth_roles where lower(role_name) = lower($1) and role_id <> $2', [name, except ?? -1]);
  if (exists.rows.length) throw httpError(409, `The role "${name}" already exists.`);
  return name;
}

export async function createRole(db: Queryable, role: { role_name: string; description?: string; all_sectors?: boolean; sectors?: number[] }): Promise<number> {
  const name = await checkRoleName(db, role.role_name);
  const r = await db.query<{ role_id: number }>(
    'insert into auth_roles (role_name, description, all_sectors, sectors) values ($1, $2, $3, $4) returning role_id',
    [name, role.description ?? '', role.all_sectors ?? false, role.sectors ?? []],
  );
  return r.rows[0].role_id;
}

export async function updateRole(db: Queryable, roleId: number, patch: { role_name?: string; description?: string; all_sectors?: boolean; sectors?: number[] }): Promise<void> {
  // A rename is checked as a new name is (a taken name was a 500 from the unique index).
  const name = patch.role_name === undefined ? null : await checkRoleName(db, patch.role_name, roleId);
  const r = await db.query(
    `update auth_roles set role_name = coalesce($2, role_name), description = coalesce($3, description),
            all_sectors = coalesce($4, all_sectors), sectors = coalesce($5, sectors) where role_id = $1`,
    [roleId, name, patch.description ?? null, patch.all_sectors ?? null, patch.sectors ?? null],
  );
  if (r.rowCount === 0) throw httpError(404, 'No such role.');
}

/** Refuses module keys or operations that the module table does not have. */
export function checkGrants(permissions: Record<string, string[]>): void {
  for (const [key, ops] of Object.entries(permissions)) {
    const module = findModule(key);
    if (!module) throw httpError(400, `Unknown module "${key}". Modules: ${portalModules.map((m) => m.key).join(', ')}.`);
    for (const op of ops) {
      if (!module.operations.includes(op)) throw httpError(400, `Module "${key}" has no operation "${op}". Operations: ${module.operations.join(', ')}.`);
    }
  }
}

/** Replaces the role's grants on the given modules (modules not named keep theirs). */
export async function setRolePermissions(db: Queryable, roleId: number, permissions: Record<string, string[]>): Promise<void> {
  checkGrants(permissions);
  for (const [module, ops] of Object.entries(permissions)) {
    await db.query('delete from auth_role_permissions where role_id = $1 and module = $2', [roleId, module]);
    for (const op of new Set(ops)) {
      await db.query('insert into auth_role_permissions (role_id, module, operation) values ($1, $2, $3)', [roleId, module, op]);
    }
  }
}

export async function grant(db: Queryable, roleId: number, module: string, ops: string[]): Promise<void> {
  checkGrants({ [module]: ops });
  for (const op of ops) {
    await db.query('insert into auth_role_permissions (role_id, module, operation) values ($1, $2, $3) on conflict do nothing', [roleId, module, op]);
  }
}

export async function revoke(db: Queryable, roleId: number, module: string, ops: string[]): Promise<void> {
  checkGrants({ [module]: ops });
  await db.query('delete from auth_role_permissions where role_id = $1 and module = $2 and operation = any($3)', [roleId, module, ops]);
}

export async function deleteRole(db: Queryable, roleId: number): Promise<void> {
  const users = await db.query('select 1 from auth_users where role_id = $1 limit 1', [roleId]);
  if (users.rows.length) throw httpError(409, 'The role still has users; give them another role first.');
  const r = await db.query('delete from auth_roles where role_id = $1', [roleId]);
  if (r.rowCount === 0) throw httpError(404, 'No such role.');
}

/**
 * Creates the demo roles (admin, reviewer, editor, analyst) that do not exist yet, and tops up the
 * admin role with every operation of the module table, so a module added later is granted too.
 */
export async function ensureDemoRoles(db: Queryable): Promise<void> {
  for (const demo of demoRoles) {
    const existing = await db.query<{ role_id: number }>('select role_id from auth_roles where lower(role_name) = lower($1)', [demo.role_name]);
    let roleId = existing.rows[0]?.role_id;
    if (roleId === undefined) {
      roleId = await createRole(db, demo);
    } else if (demo.role_name !== 'admin') {
      continue;
    }
    for (const [module, op] of expandGrants(demo.grants)) {
      await db.query('insert into auth_role_permissions (role_id, module, operation) values ($1, $2, $3) on conflict do nothing', [roleId, module, op]);
    }
  }
}
