import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const compileHint = '//# allFunctionsCalledOnLoad';

/** The parts of an output chunk this plugin reads. */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry (vite.config.ts `input`) whose dynamic imports are the first screens it preloads. */
export const bootEntry = 'boot';

/**
 * The JS files the first page load runs: every entry chunk and, transitively, the chunks they import
 * statically (what index.html lists as modulepreload), and the chunks the boot entry imports
 * dynamically (the first screen it preloads on a cold load of that screen, e.g. the product editor:
 * src/app/product/loadProductEditor.ts) with theirs. Lazy routes the router loads are left out.
 */
export function firstLoadChunkFiles(bundle: Record<string, ChunkInfo>): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return;
    seen.add(fileName);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    visit(chunk.fileName);
    if (chunk.name === bootEntry) for (const preloaded of chunk.dynamicImports ?? []) visit(preloaded);
  }
  return [...seen].sort();
}

/**
 * Marks the first load's chunks with V8's compile hint, so Chromium compiles their functions on a
 * background thread while they stream in, instead of lazily on the main thread when each is first
 * called (react-dom, the router and the first screen all run during the first render; issue 17,
 * first load; the product editor's chunks, which the boot entry preloads, since issue 31 item 7). Written into the files after the build wrote them, so the minifier cannot drop the
 * comment; runs before `precompress` (closeBundle), so the .br/.gz copies carry it too. There are no
 * source maps whose lines the added first line would shift.
 */
export function compileHints(): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) throw new Error('compileHints: the build has no output directory');
      for (const fileName of firstLoadChunkFiles(bundle as unknown as Record<string, ChunkInfo>)) {
        const file = join(options.dir, fileName);
        const code = readFileSync(file, 'utf8');
        if (!code.startsWith(compileHint)) writeFileSync(file, `${compileHint}\n${code}`);
      }
    },
  };
}
