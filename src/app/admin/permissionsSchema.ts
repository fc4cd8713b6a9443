import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { AdminModule } from '../../api/authTypes';

/**
 * The role's module permissions form: one module-permission field (schemas/admin/module-permission.json)
 * per module of the table, its choices being that module's operations, drawn as checkboxes.
 */
export function permissionsSchema(
  modules: ReadonlyArray<Pick<AdminModule, 'key' | 'module_name' | 'module_url_slug' | 'operations'>>,
  modulePermission: object,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const { $id: _id, title: _title, description: _description, ...field } = modulePermission as Record<string, unknown>;
  void _id;
  void _title;
  void _description;
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  for (const m of modules) {
    properties[m.key] = { ...field, title: `${m.module_name} (/${m.module_url_slug})`, items: { type: 'string', enum: m.operations } } as RJSFSchema;
    uiSchema[m.key] = { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } };
  }
  return { schema: { type: 'object', title: 'Module permissions', properties }, uiSchema };
}
