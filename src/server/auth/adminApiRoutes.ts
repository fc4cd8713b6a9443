import type { FastifyPluginAsync } from 'fastify';
import type { AdminModule, AdminRole, AdminUser, Envelope } from '../../api/authTypes';
import passwordSchema from '../../../schemas/admin/password.json';
import rolePermissionsSchema from '../../../schemas/admin/role-permissions.json';
import roleSchema from '../../../schemas/admin/role.json';
import userUpdateSchema from '../../../schemas/admin/user-update.json';
import userSchema from '../../../schemas/admin/user.json';
import { httpError } from '../httpError';
import { requireAuth } from './access';
import type { AuthRuntime } from './AuthRuntime';
import { portalModules } from './modules';
import { createRole, deleteRole, findRole, listRoles, setRolePermissions, updateRole } from './roles';
import { createUser, listUsers, setUserDisabled, setUserPassword, updateUser } from './users';

/** The admin forms' schemas validate the requests too; `$id` is dropped so Fastify does not register them. */
function body<T extends { $id?: string }>(schema: T): Omit<T, '$id'> {
  const { $id: _id, ...rest } = schema;
  void _id;
  return rest;
}

// User and role ids are PostgreSQL integers (serial).
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;

type Id = { Params: { id: number } };

/** Whether permissions keep the Admin Portal's edit operation (a role's grants by module key; `*` for all). */
const editsAdmin = (permissions: Record<string, string[]>) => ['admin', '*'].some((m) => (permissions[m] ?? []).some((op) => op === 'edit' || op === '*'));

/** Refusals that keep an administrator from locking themselves out of the Admin Portal. */
export const adminMessages = {
  ownRole: 'You cannot give yourself a role without the Admin Portal (edit); ask another administrator.',
  ownPermissions: 'You cannot take the Admin Portal (edit) away from your own role; ask another administrator.',
} as const;

/** /api/admin/*: the Admin Portal's users, roles, module permissions and allowed sectors (module "admin"). */
export const adminApiRoutes: FastifyPluginAsync<{ runtime: AuthRuntime }> = async (app, { runtime }) => {
  const { db } = runtime;
  const audit = async (userId: number, username: string, entity: string, entityId: string | number, action: string, after: unknown) => {
    await db.query('insert into activity (user_id, username, entity, entity_id, action, after) values ($1, $2, $3, $4, $5, $6::jsonb)', [
      userId, username, entity, String(entityId), action, JSON.stringify(after ?? null),
    ]);
  };

  app.get('/api/admin/modules', { config: { permission: { module: 'admin', operation: 'view' } } }, async (): Promise<Envelope<AdminModule[]>> => ({
    statusCode: 200,
    payload: portalModules.map((m) => ({ key: m.key, module_id: m.module_id, module_name: m.module_name, module_url_slug: m.module_url_slug, operations: m.operations })),
  }));

  app.get('/api/admin/users', { config: { permission: { module: 'admin', operation: 'view' } } }, async (): Promise<Envelope<AdminUser[]>> => ({
    statusCode: 200,
    payload: await listUsers(db),
  }));

  app.post<{ Body: { username: string; password: string; role_id: number; email?: string } }>(
    '/api/admin/users',
    { config: { permission: { module: 'admin', operation: 'add' } }, schema: { body: body(userSchema) } },
    async (req) => {
      const me = requireAuth(req);
      const userId = await createUser(db, req.body);
      await audit(me.userId, me.username, 'user', userId, 'create', { username: req.body.username, role_id: req.body.role_id });
      return { statusCode: 200, payload: { user_id: userId } };
    },
  );

  app.patch<Id & { Body: { role_id?: number; email?: string; disabled?: boolean } }>(
    '/api/admin/users/:id',
    { config: { permission: { module: 'admin', operation: 'edit' } }, schema: { params: idParams, body: body(userUpdateSchema) } },
    async (req) => {
      const me = requireAuth(req);
      const { disabled, ...rest } = req.body;
      if (disabled === true && req.params.id === me.userId) throw httpError(400, 'You cannot disable yourself.');
      // One slip of the Role select in your own row locked you out of the Admin Portal (and, as the
      // only administrator, everyone: only the command line with the portal stopped brought it back).
      if (rest.role_id !== undefined && rest.role_id !== me.roleId && req.params.id === me.userId) {
        const role = await findRole(db, rest.role_id);
        if (role && !editsAdmin(role.permissions)) throw httpError(400, adminMessages.ownRole);
      }
      await updateUser(db, req.params.id, rest);
      if (disabled !== undefined) await setUserDisabled(db, req.params.id, disabled);
      await audit(me.userId, me.username, 'user', req.params.id, disabled === true ? 'disable' : disabled === false ? 'enable' : 'update', req.body);
      return { statusCode: 200, payload: { user_id: req.params.id } };
    },
  );

  app.post<Id & { Body: { password: string } }>(
    '/api/admin/users/:id/password',
    { config: { permission: { module: 'admin', operation: 'edit' } }, schema: { params: idParams, body: body(passwordSchema) } },
    async (req) => {
      const me = requireAuth(req);
      // A password someone else chose is known to them: the user must replace it at the next
      // sign-in (issue 26; ASVS V6.4), unless administrators reset their own.
      await setUserPassword(db, req.params.id, req.body.password, { mustChange: req.params.id !== me.userId });
      await audit(me.userId, me.username, 'user', req.params.id, 'reset password', null);
      return { statusCode: 200, payload: { user_id: req.params.id } };
    },
  );

  app.get('/api/admin/roles', { config: { permission: { module: 'admin', operation: 'view' } } }, async (): Promise<Envelope<AdminRole[]>> => ({
    statusCode: 200,
    payload: await listRoles(db),
  }));

  app.post<{ Body: { role_name: string; description?: string; all_sectors?: boolean; sectors?: number[] } }>(
    '/api/admin/roles',
    { config: { permission: { module: 'admin', operation: 'add' } }, schema: { body: body(roleSchema) } },
    async (req) => {
      const me = requireAuth(req);
      const roleId = await createRole(db, req.body);
      await audit(me.userId, me.username, 'role', roleId, 'create', req.body);
      return { statusCode: 200, payload: { role_id: roleId } };
    },
  );

  app.put<Id & { Body: { role_name: string; description?: string; all_sectors?: boolean; sectors?: number[] } }>(
    '/api/admin/roles/:id',
    { config: { permission: { module: 'admin', operation: 'edit' } }, schema: { params: idParams, body: body(roleSchema) } },
    async (req) => {
      const me = requireAuth(req);
      await updateRole(db, req.params.id, req.body);
      await audit(me.userId, me.username, 'role', req.params.id, 'update', req.body);
      return { statusCode: 200, payload: { role_id: req.params.id } };
    },
  );

  app.put<Id & { Body: { permissions: Record<string, string[]> } }>(
    '/api/admin/roles/:id/permissions',
    { config: { permission: { module: 'admin', operation: 'edit' } }, schema: { params: idParams, body: body(rolePermissionsSchema) } },
    async (req) => {
      const me = requireAuth(req);
      const exists = await db.query('select 1 from auth_roles where role_id = $1', [req.params.id]);
      if (!exists.rows.length) throw httpError(404, 'No such role.');
      if (req.params.id === me.roleId && !editsAdmin(req.body.permissions)) throw httpError(400, adminMessages.ownPermissions);
      await db.transaction((tx) => setRolePermissions(tx, req.params.id, req.body.permissions));
      await audit(me.userId, me.username, 'role', req.params.id, 'permissions', req.body.permissions);
      return { statusCode: 200, payload: { role_id: req.params.id } };
    },
  );

  app.delete<Id>('/api/admin/roles/:id', { config: { permission: { module: 'admin', operation: 'delete' } }, schema: { params: idParams } }, async (req) => {
    const me = requireAuth(req);
    await deleteRole(db, req.params.id);
    await audit(me.userId, me.username, 'role', req.params.id, 'delete', null);
    return { statusCode: 200, payload: { role_id: req.params.id } };
  });
};
