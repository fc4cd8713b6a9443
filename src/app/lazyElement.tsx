import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * A route whose screen is its own chunk: the router loads the module before it renders the route
 * (React Router's `lazy`), so there is no Suspense flash and the previous screen stays until then.
 */
export function lazyElement<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}
