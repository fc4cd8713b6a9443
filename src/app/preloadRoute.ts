import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { Preloadable } from './lazyScreen';

/** Starts downloading the lazy screens of the routes `pathname` matches (see lazyScreen). */
export function preloadRoute(routes: RouteObject[], pathname: string): void {
  for (const m of matchRoutes(routes, pathname) ?? []) {
    const el = m.route.element;
    if (!isValidElement(el)) continue;
    const type = el.type as Partial<Preloadable>;
    if (typeof type.preload === 'function') type.preload();
  }
}
