import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { firstScreenIcons16 } from '../ui/plain/firstScreenIcons';

/** Set by codegen/blueprintIconsPlugin.ts: where the per-icon JSON files are served. */
declare const __BLUEPRINT_ICONS_BASE__: string;

// One small file per icon and size, so a screen downloads only the icons it draws (Blueprint's
// default loader fetches every icon's paths of a size in one 0.5 MB chunk). The first screen's
// icons are in the bundle (src/ui/plain/firstScreenIcons.ts).
async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const bundled = size === IconSize.STANDARD ? firstScreenIcons16[name] : undefined;
  if (bundled) return bundled;
  const response = await fetch(`${__BLUEPRINT_ICONS_BASE__}/${size === IconSize.STANDARD ? 16 : 20}/${name}.json`);
  return response.ok ? ((await response.json()) as IconPaths) : [];
}

/**
 * Makes every Blueprint <Icon> load its paths per icon (call once, before the first render), and
 * puts the bundled first-screen icons in Blueprint's cache, so they draw in the first render.
 */
export function loadIconsPerUse(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
  void Icons.load(Object.keys(firstScreenIcons16) as IconName[], IconSize.STANDARD);
}
