import { useMemo, type ReactNode } from 'react';
import { defaultModules } from './defaultModules';
import { ShellConfigContext } from './ShellContext';
import type { ShellActions } from './shellActions';
import type { ShellModule } from './shellModule';
import type { UserMenu } from './userMenu';

interface ShellProviderProps {
  modules?: readonly ShellModule[];
  actions?: Partial<ShellActions>;
  adminUrl?: string;
  userMenu?: UserMenu;
  children: ReactNode;
}

/** Supplies the sidebar modules and header handlers; defaults stand in until sign-in feeds them. */
export function ShellProvider({ modules = defaultModules, actions, adminUrl = '/admin', userMenu, children }: ShellProviderProps) {
  const value = useMemo(() => ({ modules, actions: actions ?? {}, adminUrl, userMenu }), [modules, actions, adminUrl, userMenu]);
  return <ShellConfigContext.Provider value={value}>{children}</ShellConfigContext.Provider>;
}
