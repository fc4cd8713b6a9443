import type { ShellModule } from './shellModule';
import { modulePath } from './modulePath';

/**
 * The sidebar module for the current path (000 §2): the root module matches only '/', any other
 * module matches when the path contains its target. The first match in the given order wins.
 */
export function findActiveModule(
  modules: readonly ShellModule[],
  pathname: string,
): ShellModule | undefined {
  return modules.find((module) => {
    const target = modulePath(module);
    return target === '/' ? pathname === '/' : pathname.includes(target);
  });
}
