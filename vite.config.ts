import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { adminFormValidators } from './codegen/adminFormValidatorsPlugin';
import { blueprintIcons } from './codegen/blueprintIconsPlugin';
import { compileHints } from './codegen/compileHintsPlugin';
import { firstLoadChunks } from './codegen/firstLoadChunksPlugin';
import { inputGroupWithoutIdleState } from './codegen/inputGroupWithoutIdleStatePlugin';
import { dropUnusedBlueprintCss } from './codegen/unusedBlueprintCss';
import { pureTimezoneItems } from './codegen/pureTimezoneItemsPlugin';
import { ruleFunctions } from './codegen/ruleFunctionsPlugin';

const compressible = /\.(js|mjs|css|html|svg|json|txt|ttf|eot|woff)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, so the server
 * sends precompressed bytes (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const body = readFileSync(file);
        if (body.byteLength < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const require = createRequire(import.meta.url);

/**
 * @blueprintjs/icons' iconNames module builds its name table when it is evaluated: pascalCase and
 * snakeCase (change-case) over every icon name (706), ~0.15 s of a 4x-throttled cold start before the
 * first render (issue 17: first load). The build computes the same table with change-case here and
 * writes the module as the names and their two key styles, with a plain per-name rule and the names
 * where change-case differs from it (checked, so an upgrade that changes either fails loudly). Both
 * key styles go into one object, in the order the original's spread of its two tables gives (so the
 * same keys, values and key order): V8's spread of the two 706-key tables into a third was most of
 * the module's evaluation (issue 31 item 7).
 */
function precomputedIconNames(): Plugin {
  const file = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
  return {
    name: 'portal-precomputed-icon-names',
    apply: 'build',
    async transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes('IconNamesNew[pascalCase(name)] = name;') || !code.includes('IconNamesLegacy[snakeCase(name).toUpperCase()] = name;')) {
        throw new Error(`${id} changed: review precomputedIconNames in vite.config.ts`);
      }
      const { pascalCase, snakeCase } = (await import(pathToFileURL(require.resolve('change-case', { paths: [dirname(id)] })).href)) as { pascalCase: (s: string) => string; snakeCase: (s: string) => string };
      const { BlueprintIcons_16 } = (await import(pathToFileURL(join(dirname(id), 'generated', '16px', 'blueprint-icons-16.js')).href)) as { BlueprintIcons_16: Record<string, string> };
      const names = Object.values(BlueprintIcons_16);
      const pascal = (n: string) => n.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
      const legacy = (n: string) => n.replace(/-/g, '_').toUpperCase();
      const pascalExceptions: Record<string, string> = {};
      const legacyExceptions: Record<string, string> = {};
      for (const n of names) {
        if (pascalCase(n) !== pascal(n)) pascalExceptions[n] = pascalCase(n);
        if (snakeCase(n).toUpperCase() !== legacy(n)) legacyExceptions[n] = snakeCase(n).toUpperCase();
      }
      return {
        code: [
          `const names = ${JSON.stringify(names)};`,
          `const pascalExceptions = ${JSON.stringify(pascalExceptions)};`,
          `const legacyExceptions = ${JSON.stringify(legacyExceptions)};`,
          'export const IconNames = {};',
          "for (const name of names) IconNames[pascalExceptions[name] ?? name.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')] = name;",
          "for (const name of names) IconNames[legacyExceptions[name] ?? name.replace(/-/g, '_').toUpperCase()] = name;",
          'export const IconNamesSet = new Set(Object.values(IconNames));',
        ].join('\n'),
        map: null,
      };
    },
  };
}

/**
 * Blueprint's Text (the label of every Button with text, ~60 on a dashboard: the rows' Seen/Unseen,
 * the pager, the toolbar) reads its text in a layout effect and stores it in state on mount, which
 * renders every Text a second time inside the commit, though the text is only used as a title when
 * `ellipsize` is on and the content overflows. The build skips that effect when `ellipsize` is off:
 * the rendered output is the same (title stays `title ?? undefined`). Checked against the source,
 * so a Blueprint upgrade that changes Text fails the build here.
 */
function textWithoutIdleMeasure(): Plugin {
  const file = /@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]components[\\/]text[\\/]text\.js$/;
  const from = 'if (contentMeasuringRef.current?.textContent != null) {';
  return {
    name: 'portal-text-without-idle-measure',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (code.split(from).length !== 2 || !code.includes('setIsContentOverflowing(ellipsize && ')) throw new Error(`${id} changed: review textWithoutIdleMeasure in vite.config.ts`);
      return { code: code.replace(from, 'if (ellipsize && contentMeasuringRef.current?.textContent != null) {'), map: null };
    },
  };
}

/**
 * react-router's package exports only its development build to bundlers (extra checks and
 * warnings); the client build uses the production build of the same version.
 */
function reactRouterProduction(): Plugin {
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  // Every entry point the client imports (react-router-dom re-exports both), so one copy runs.
  const production: Record<string, string> = { 'react-router': join(dist, 'index.mjs'), 'react-router/dom': join(dist, 'dom-export.mjs') };
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return production[source] ?? null;
    },
  };
}

/**
 * index.html loads the app as an async module script: a deferred (default) module script waits for
 * the stylesheets before it runs (~0.2 s of CSS parsing at 4x throttle). Before it, the page loads
 * the boot entry (src/app/bootPrefetch.ts, its own small chunk, see `input` below), also async: it
 * starts the first screen's requests as soon as it arrives, while the main chunk still downloads
 * and compiles (issue 17: first load). main.tsx imports it too, so it runs once. Both are script
 * tags, so the page's load event still waits for the app. startApp waits for the document when it
 * runs first. The entry's stylesheets become preloads that startApp attaches (src/app/attachStylesheets.ts):
 * a render-blocking sheet held the boot scripts back until it had arrived, been parsed and the
 * placeholder drawn with it (issue 31 item 7).
 */
function asyncEntry(): Plugin {
  return {
    name: 'portal-async-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/;
        if (!entry.test(html)) throw new Error('asyncEntry: the entry script tag was not found in index.html');
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
        if (!boot) throw new Error('asyncEntry: the boot chunk is missing from the bundle');
        const sheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;
        if (html.search(sheet) < 0) throw new Error('asyncEntry: the entry stylesheet link was not found in index.html');
        return html
          .replace(entry, `<script type="module" async crossorigin src="/${boot.fileName}"></script>\n    <script type="module" async crossorigin src="$1"></script>`)
          .replace(sheet, '<link rel="preload" as="style" crossorigin href="$1">');
      },
    },
  };
}

/** The part of a PostCSS rule the filter below uses. */
interface CssRule {
  selectors: string[];
  remove(): void;
}

/**
 * Drops Blueprint's dark-theme selectors (about 190 KB of the 490 KB stylesheet every page parses
 * first): the portal has no dark theme.
 */
const dropDarkTheme = {
  postcssPlugin: 'portal-drop-dark-theme',
  Rule(rule: CssRule) {
    const kept = rule.selectors.filter((s) => !s.includes('.bp6-dark'));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  },
};

const bootEntryModule = join(dirname(fileURLToPath(import.meta.url)), 'src', 'app', 'bootPrefetch.ts');

// The client bundle; the Fastify server serves dist/ with an SPA fallback.
export default defineConfig({
  plugins: [react(), precomputedIconNames(), textWithoutIdleMeasure(), inputGroupWithoutIdleState(), pureTimezoneItems(), reactRouterProduction(), adminFormValidators(dirname(fileURLToPath(import.meta.url))), ruleFunctions(dirname(fileURLToPath(import.meta.url))), blueprintIcons(), asyncEntry(), firstLoadChunks(bootEntryModule), compileHints(), precompress()],
  css: { postcss: { plugins: [dropDarkTheme, dropUnusedBlueprintCss] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Screens other than the dashboards are lazy chunks (src/app/routes.tsx); icons load per use.
    chunkSizeWarningLimit: 1500,
    // The boot entry is its own chunk, loaded by its own script tag (asyncEntry above).
    rollupOptions: { input: { index: 'index.html', boot: bootEntryModule } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
