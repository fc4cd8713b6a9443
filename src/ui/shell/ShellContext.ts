import { createContext, useContext } from 'react';
import type { ShellActions } from './shellActions';
import type { ShellModule } from './shellModule';
import type { UserMenu } from './userMenu';

/** What the app feeds the frame: the permitted modules and any header handlers it overrides. */
export interface ShellConfig {
  modules: readonly ShellModule[];
  actions: Partial<ShellActions>;
  /** Where Admin Portal points; it opens in a new tab (000 §1). */
  adminUrl: string;
  userMenu?: UserMenu;
}

export const ShellConfigContext = createContext<ShellConfig | null>(null);

/** Lets a screen (the home dashboard) report how long it took to render. */
export const RenderTimeReporterContext = createContext<(ms: number | null) => void>(() => {});

export function useShellConfig(): ShellConfig | null {
  return useContext(ShellConfigContext);
}
