import type { ShellModule } from './shellModule';

/** The route a module opens: '/' + its url slug, without stray slashes. */
export function modulePath(module: Pick<ShellModule, 'module_url_slug'>): string {
  const slug = module.module_url_slug.trim().replace(/^\/+|\/+$/g, '');
  return `/${slug}`;
}
