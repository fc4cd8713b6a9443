import { Classes } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { memo, type MouseEvent } from 'react';
import { PlainIcon } from '../plain/PlainIcon';
import { findActiveModule } from './findActiveModule';
import { modulePath } from './modulePath';
import { sortModules } from './sortModules';
import type { ShellModule } from './shellModule';

interface SidebarProps {
  modules: readonly ShellModule[];
  pathname: string;
  onNavigate: (path: string) => void;
}

/**
 * Left navigation: the permitted modules in module_sort order, the one matching the path active.
 * Blueprint's Menu / MenuItem markup through its CSS API (`bp6-menu`, `bp6-menu-item`, its icon
 * and `bp6-fill` text): MenuItem renders popover and text-measuring machinery for submenus and
 * ellipsis the sidebar does not use. Labels are ellipsized by CSS (Blueprint's measured ellipsis
 * forced a layout of the whole page in the first render's commit, ~0.3-0.4 s at 4x CPU) and the
 * list is memoised: the shell re-renders for its own state (issue 17: first load).
 */
export const Sidebar = memo(function Sidebar({ modules, pathname, onNavigate }: SidebarProps) {
  const sorted = sortModules(modules);
  const active = findActiveModule(sorted, pathname);
  const follow = (path: string) => (event: MouseEvent<HTMLElement>) => {
    // Modified clicks keep the browser's own behaviour (new tab/window).
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(path);
  };
  return (
    <nav className="portal-sidebar" aria-label="Modules">
      <ul role="menu" className={Classes.MENU}>
        {sorted.map((module) => {
          const path = modulePath(module);
          return (
            <li key={module.module_id} role="none">
              <a role="menuitem" href={path} tabIndex={0} className={`${Classes.MENU_ITEM}${module === active ? ` ${Classes.ACTIVE}` : ''} ${Classes.POPOVER_DISMISS}`} onClick={follow(path)}>
                <span className={Classes.MENU_ITEM_ICON} aria-hidden="true">
                  <PlainIcon icon={module.module_icon as IconName} />
                </span>
                <div className={`${Classes.FILL} portal-sidebar__text`} title={module.module_name}>
                  {module.module_name}
                </div>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
