import type { RoleModule } from '../../api/authTypes';
import { findActiveModule } from '../../ui/shell/findActiveModule';
import { modulePath } from '../../ui/shell/modulePath';
import { sortModules } from '../../ui/shell/sortModules';

/** Paths anyone may open: the sign-in screen and the error page. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/signin' || pathname === '/errorpage';
}

/** The signed-in user's own account screens: open to every signed-in user, whatever the role's modules. */
export const accountPaths = { password: '/password' } as const;

export function isAccountPath(pathname: string): boolean {
  return Object.values(accountPaths).includes(pathname as (typeof accountPaths)[keyof typeof accountPaths]);
}

/**
 * The permitted module for a path (000 §2): root only exactly, others when the path contains the
 * module's target; undefined means the user may not be here.
 */
export function permittedModule(modules: readonly RoleModule[], pathname: string): RoleModule | undefined {
  return findActiveModule(sortModules(modules), pathname) as RoleModule | undefined;
}

/** The sidebar: top-level modules only (children are their parents' other screens), not hidden ones. */
export function sidebarModules(modules: readonly RoleModule[]): RoleModule[] {
  return sortModules(modules.filter((m) => m.module_parent_id === null && !m.module_hidden)) as RoleModule[];
}

/** Where to go after sign-in: the last visited page when still permitted, else the first module. */
export function landingPath(modules: readonly RoleModule[], lastVisitedUrl: string | undefined): string | null {
  if (lastVisitedUrl && lastVisitedUrl.startsWith('/') && !lastVisitedUrl.startsWith('//')) {
    const path = lastVisitedUrl.split(/[?#]/)[0];
    if (!isPublicPath(path) && (permittedModule(modules, path) || isAccountPath(path))) return lastVisitedUrl;
  }
  const first = sidebarModules(modules)[0] ?? sortModules(modules.filter((m) => m.module_parent_id === null))[0];
  return first ? modulePath(first) : null;
}
