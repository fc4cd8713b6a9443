import { Menu, MenuItem } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { memo, type MouseEvent } from 'react';
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
 * Memoised, and the labels ellipsized by CSS: Blueprint's MenuItem text measures itself
 * (scrollWidth) in a layout effect on every render when it ellipsizes, which forces a layout of the
 * whole page; the shell re-renders for its own state (the render time) after a dashboard drew its
 * rows (issue 17: first load).
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
      <Menu>
        {sorted.map((module) => {
          const path = modulePath(module);
          return (
            <MenuItem
              key={module.module_id}
              icon={module.module_icon as IconName}
              text={module.module_name}
              // CSS ellipsis instead of Blueprint's measured one: its layout effect forced a layout
              // of the whole page in the first render's commit (~0.3-0.4 s at 4x CPU, issue 17).
              multiline
              textClassName="portal-sidebar__text"
              htmlTitle={module.module_name}
              href={path}
              active={module === active}
              onClick={follow(path)}
            />
          );
        })}
      </Menu>
    </nav>
  );
});
