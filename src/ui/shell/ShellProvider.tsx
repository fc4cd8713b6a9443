import { useMemo, type ReactNode } from 'react';
import { defaultModules } from './defaultModules';
import { ShellConfigContext } from './ShellContext';
import type { ShellActions } from './shellActions';
import type { ShellModule } from './shellModule';

interface ShellProviderProps {
  modules?: readonly ShellModule[];
  actions?: Partial<ShellActions>;
  adminUrl?: string;
  children: ReactNode;
}

/** Supplies the sidebar modules and header handlers; defaults stand in until sign-in feeds them. */
export function ShellProvider({ modules = defaultModules, actions, adminUrl = '/admin', children }: ShellProviderProps) {
  const value = useMemo(() => ({ modules, actions: actions ?? {}, adminUrl }), [modules, actions, adminUrl]);
  return <ShellConfigContext.Provider value={value}>{children}</ShellConfigContext.Provider>;
}
