import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded in its own chunk the first time its route renders (the shell's Suspense shows a
 * spinner meanwhile). `name` is the module's named export.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<object> })) as unknown as M[K];
}
