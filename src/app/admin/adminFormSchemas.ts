import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import modulePermission from '../../../schemas/admin/module-permission.json';
import modulesTable from '../../../schemas/admin/modules.json';
import passwordSchema from '../../../schemas/admin/password.json';
import roleSchema from '../../../schemas/admin/role.json';
import userSchema from '../../../schemas/admin/user.json';
import userUpdateSchema from '../../../schemas/admin/user-update.json';
import { permissionsSchema } from './permissionsSchema';

/** The schemas/admin files the Admin Portal's forms are drawn from. */
export interface AdminFormFiles {
  password: object;
  user: object;
  /** The server's schema of a user's change (PUT /api/admin/users/:id): the email form draws its email alone. */
  userUpdate: object;
  role: object;
  modulePermission: object;
  modules: { modules: Array<{ key: string; module_name: string; module_url_slug: string; operations: string[] }> };
}

export interface AdminFormSpec {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
}

/**
 * Every Admin Portal form, one pure function of the schemas/admin files. The build
 * (codegen/adminFormValidatorsPlugin.ts) calls it on the files as they are on disk and precompiles
 * a validator for each schema, so the browser validates without generating code (the CSP allows no
 * eval); the client calls it on the same files bundled, so the schemas are the ones compiled.
 * Nothing that changes at run time (roles, users) may go into a schema: it goes into the uiSchema.
 */
export function adminFormSpecs(files: AdminFormFiles) {
  return {
    password: { schema: files.password as RJSFSchema, uiSchema: { password: { 'ui:widget': 'password' } } },
    user: { schema: files.user as RJSFSchema, uiSchema: { password: { 'ui:widget': 'password' } } },
    // The callout names the user; the schema's own title ('Edit user') would say it twice.
    email: { schema: files.userUpdate as RJSFSchema, uiSchema: { 'ui:options': { label: false }, 'ui:order': ['email', '*'], email: { 'ui:autofocus': true }, role_id: { 'ui:widget': 'hidden' }, disabled: { 'ui:widget': 'hidden' } } },
    role: { schema: files.role as RJSFSchema },
    permissions: permissionsSchema(files.modules.modules, files.modulePermission),
  } satisfies Record<string, AdminFormSpec>;
}

export type AdminFormName = keyof ReturnType<typeof adminFormSpecs>;

export const adminForms: Record<AdminFormName, AdminFormSpec> = adminFormSpecs({
  password: passwordSchema,
  user: userSchema,
  userUpdate: userUpdateSchema,
  role: roleSchema,
  modulePermission,
  modules: modulesTable,
});
