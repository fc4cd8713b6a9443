import { lazy, type ComponentType } from 'react';

/** A lazy screen that can start downloading its chunk before React renders it. */
export interface Preloadable {
  preload(): void;
}

/**
 * A screen loaded in its own chunk the first time its route renders (the shell's Suspense shows a
 * spinner meanwhile). `name` is the module's named export. `preload()` starts the download early
 * (preloadRoute does it at start-up for the route being opened, beside the session check).
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  let loading: Promise<M> | undefined;
  const once = () => (loading ??= load());
  const screen = lazy(async () => ({ default: (await once())[name] as unknown as ComponentType<object> }));
  return Object.assign(screen, { preload: () => void once().catch(() => undefined) }) as unknown as M[K];
}
