import type { RoleData, RoleModule } from '../../api/authTypes';
import type { AuthContext } from './AuthContext';
import { portalModules } from './modules';

/**
 * The role data of 000 §3: every module the role has at least one operation on, with the granted
 * operations, followed by its child screens (parent id set, same operations).
 */
export function roleData(auth: AuthContext): RoleData {
  const modules: RoleModule[] = [];
  for (const m of portalModules) {
    const operations = m.operations.filter((op) => auth.grants[m.key]?.includes(op));
    if (!operations.length) continue;
    const shared = { module_key: m.key, module_icon: m.module_icon, operations };
    modules.push({ ...shared, module_id: m.module_id, module_name: m.module_name, module_url_slug: m.module_url_slug, module_sort: m.module_sort, module_parent_id: null, ...(m.module_hidden ? { module_hidden: true } : {}) });
    for (const c of m.children ?? []) {
      modules.push({ ...shared, module_id: c.module_id, module_name: c.module_name, module_url_slug: c.module_url_slug, module_sort: m.module_sort, module_parent_id: m.module_id });
    }
  }
  return {
    user_id: auth.userId,
    username: auth.username,
    user_role: { role_id: auth.roleId, role_name: auth.roleName },
    all_sectors: auth.allSectors,
    sectors: auth.allSectors ? [] : auth.sectors,
    modules,
  };
}
