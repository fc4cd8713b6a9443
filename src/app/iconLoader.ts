/// <reference types="vite/client" />
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

// One lazy chunk per icon and size, so a screen downloads only the icons it draws (Blueprint's
// default loader fetches every icon's paths of a size in one 0.5 MB chunk).
const paths16 = import.meta.glob<IconPaths>('/node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js', { import: 'default' });
const paths20 = import.meta.glob<IconPaths>('/node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/*.js', { import: 'default' });

async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const table = size === IconSize.STANDARD ? paths16 : paths20;
  const load = table[`/node_modules/@blueprintjs/icons/lib/esm/generated/${size === IconSize.STANDARD ? 16 : 20}px/paths/${name}.js`];
  return load ? load() : [];
}

/** Makes every Blueprint <Icon> load its paths per icon (call once, before the first render). */
export function loadIconsPerUse(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
