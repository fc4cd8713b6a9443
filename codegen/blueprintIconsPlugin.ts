import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const iconsRoot = dirname(require.resolve('@blueprintjs/icons/package.json'));
const version = (JSON.parse(readFileSync(join(iconsRoot, 'package.json'), 'utf8')) as { version: string }).version;
/** Where the icons are served; the version in the path lets hashed-asset caching (immutable) apply. */
export const blueprintIconsBase = `/assets/blueprint-icons-${version}`;
const sizes = ['16', '20'] as const;
const pathsDir = (size: string) => join(iconsRoot, 'lib', 'esm', 'generated', `${size}px`, 'paths');
const iconName = /^[a-z0-9-]+$/;

/** One icon's SVG paths as JSON (Blueprint ships them as `export default [...]` modules). */
function iconJson(size: string, name: string): string {
  const source = readFileSync(join(pathsDir(size), `${name}.js`), 'utf8');
  // `export default [...]`, or `const p = []; export default p;` for the blank icon.
  const array = source.slice(source.indexOf('['), source.lastIndexOf(']') + 1);
  if (!array) throw new Error(`@blueprintjs/icons ${size}px/${name}: no path array`);
  return JSON.stringify(JSON.parse(array));
}

/**
 * Blueprint icons as one small JSON file per icon and size (`<base>/<size>/<name>.json`), fetched by
 * the client's icon loader when an icon is first drawn. A bundler glob over the ~2,100 icon modules
 * would put a table of every chunk name into the first chunk (about 180 KB); a URL per icon name
 * needs no table. The dev server serves the same files from node_modules.
 */
export function blueprintIcons(): Plugin {
  return {
    name: 'portal-blueprint-icons',
    config: () => ({ define: { __BLUEPRINT_ICONS_BASE__: JSON.stringify(blueprintIconsBase) } }),
    generateBundle() {
      for (const size of sizes) {
        for (const file of readdirSync(pathsDir(size))) {
          if (!file.endsWith('.js') || file === 'index.js') continue;
          const name = file.slice(0, -3);
          this.emitFile({ type: 'asset', fileName: `${blueprintIconsBase.slice(1)}/${size}/${name}.json`, source: iconJson(size, name) });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = req.url?.startsWith(`${blueprintIconsBase}/`) ? /^\/(16|20)\/([^/]+)\.json$/.exec(req.url.slice(blueprintIconsBase.length)) : null;
        if (!m || !iconName.test(m[2])) return next();
        try {
          const body = iconJson(m[1], m[2]);
          res.setHeader('content-type', 'application/json');
          res.end(body);
        } catch {
          res.statusCode = 404;
          res.end();
        }
      });
    },
  };
}
