import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { adminFormValidators } from './codegen/adminFormValidatorsPlugin';
import { blueprintIcons } from './codegen/blueprintIconsPlugin';

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

// The client bundle; the Fastify server serves dist/ with an SPA fallback.
export default defineConfig({
  plugins: [react(), adminFormValidators(dirname(fileURLToPath(import.meta.url))), blueprintIcons(), precompress()],
  css: { postcss: { plugins: [dropDarkTheme] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Screens other than the dashboards are lazy chunks (src/app/routes.tsx); icons load per use.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
