import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { firstScreenIcons16 } from '../ui/plain/firstScreenIcons';

/** Set by codegen/blueprintIconsPlugin.ts: where the per-icon JSON files are served. */
declare const __BLUEPRINT_ICONS_BASE__: string;

// One small file per icon and size, so a screen downloads only the icons it draws (Blueprint's
// default loader fetches every icon's paths of a size in one 0.5 MB chunk). The first screen's
// icons are in the bundle (src/ui/plain/firstScreenIcons.ts).
function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const bundled = size === IconSize.STANDARD ? firstScreenIcons16[name] : undefined;
  if (bundled) return Promise.resolve(bundled);
  const url = `${__BLUEPRINT_ICONS_BASE__}/${size === IconSize.STANDARD ? 16 : 20}/${name}.json`;
  // Blueprint caches an icon's paths only once they arrived: every <Icon> of the same name mounted
  // before then asks again (the editor's ~60 help icons were ~60 requests). One request per file.
  let paths = pending.get(url);
  if (!paths) {
    paths = fetch(url).then((response) => (response.ok ? (response.json() as Promise<IconPaths>) : []));
    pending.set(url, paths);
    // A failed request (offline) may be retried by the next icon that asks.
    paths.catch(() => pending.delete(url));
  }
  return paths;
}

const pending = new Map<string, Promise<IconPaths>>();

/**
 * Makes every Blueprint <Icon> load its paths per icon (call once, before the first render), and
 * puts the bundled first-screen icons in Blueprint's cache, so they draw in the first render.
 */
export function loadIconsPerUse(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
  void Icons.load(Object.keys(firstScreenIcons16) as IconName[], IconSize.STANDARD);
}
