import type { Plugin } from 'vite';
import type { ChunkInfo } from './compileHintsPlugin';

/** A module's static imports, as the bundler's module graph gives them. */
export type StaticImports = (id: string) => readonly string[] | undefined;

/** Every module `entry` reaches through static imports, itself included. */
export function staticGraph(entry: string, importsOf: StaticImports): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(importsOf(id) ?? []));
  }
  return seen;
}

/** The part of the bundler's module graph the groups below are computed from. */
export interface ModuleGraph {
  entries: readonly string[];
  importsOf: StaticImports;
  dynamicImportsOf: StaticImports;
  /** Every module id of the build. */
  modules: readonly string[];
}

/** Which chunk group each module of the first load goes to (see firstLoadChunks). */
export interface FirstLoadGroups {
  boot: Set<string>;
  /** What the boot entry preloads (the product editor) that no other lazy screen imports. */
  preloaded: Set<string>;
  /** What the boot entry preloads that other lazy screens import too. */
  preloadedShared: Set<string>;
}

export function firstLoadGroups(bootEntry: string, graph: ModuleGraph): FirstLoadGroups {
  const union = (roots: Iterable<string>) => new Set([...roots].flatMap((r) => [...staticGraph(r, graph.importsOf)]));
  const boot = staticGraph(bootEntry, graph.importsOf);
  const initial = union(graph.entries);
  const bootLazy = new Set([...boot].flatMap((id) => graph.dynamicImportsOf(id) ?? []));
  const otherLazy = new Set(graph.modules.flatMap((id) => graph.dynamicImportsOf(id) ?? []).filter((id) => !bootLazy.has(id)));
  const elsewhere = union(otherLazy);
  const preloaded = new Set<string>();
  const preloadedShared = new Set<string>();
  for (const id of union(bootLazy)) if (!initial.has(id)) (elsewhere.has(id) ? preloadedShared : preloaded).add(id);
  return { boot, preloaded, preloadedShared };
}

/**
 * The first load's JavaScript in a few files instead of thirteen and more (issue 31 item 7): the
 * boot entry with everything it imports statically; the app's entry with everything else its pages
 * import statically; and what the boot preloads for the first screen (the product editor, 17 files)
 * in two: the part only it uses, and the part other lazy screens share with it (Blueprint's popover,
 * menus, HTML table and select, the metadata form). The bundler otherwise splits these modules by
 * which lazy screens share them (the router, React DOM's portal half, a 140-byte ApiError...), and on
 * HTTP/1.1 each small file costs a request on one of the browser's six connections, beside the API
 * requests the boot starts; the boot also waited for every file it imported before it could start
 * them. Lazy screens import what they share with the first load from these files, which every page
 * has loaded already; the shared part of the editor costs another screen's first opening more bytes
 * than its pieces did (the user menu: its popover and menu items come with the editor's table and
 * form parts).
 *
 * `bootEntry` is the boot entry's module id (vite.config.ts `input`).
 */
export function firstLoadChunks(bootEntry: string): Plugin {
  let groups: FirstLoadGroups = { boot: new Set(), preloaded: new Set(), preloadedShared: new Set() };
  return {
    name: 'portal-first-load-chunks',
    apply: 'build',
    buildEnd() {
      const modules = [...this.getModuleIds()];
      groups = firstLoadGroups(bootEntry, {
        entries: modules.filter((id) => this.getModuleInfo(id)?.isEntry),
        importsOf: (id) => this.getModuleInfo(id)?.importedIds,
        dynamicImportsOf: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds,
        modules,
      });
      if (groups.boot.size < 2) throw new Error(`firstLoadChunks: the boot entry ${bootEntry} was not found in the module graph`);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            // The boot entry stands alone: it runs as soon as its one file arrives.
            { name: 'boot', test: (id: string) => groups.boot.has(id), priority: 4 },
            // '$initial': reached statically from an entry the build was given (index.html's main.tsx).
            { name: 'index', tags: ['$initial'], priority: 3 },
            // Before the editor's own group, which would otherwise take these as its dependencies.
            { name: 'editorShared', test: (id: string) => groups.preloadedShared.has(id), priority: 2 },
            { name: 'editor', test: (id: string) => groups.preloaded.has(id), priority: 1 },
          ],
        },
      };
    },
    generateBundle(_options, bundle) {
      const extra = extraFirstLoadChunks(bundle as unknown as Record<string, ChunkInfo>);
      if (extra.length) throw new Error(`firstLoadChunks: the first load also runs ${extra.join(', ')}`);
    },
  };
}

/**
 * The files the entries import statically besides the entries themselves and the bundler's runtime
 * helpers (which it places itself): none when the groups above still match what the first load runs.
 */
export function extraFirstLoadChunks(bundle: Record<string, ChunkInfo>): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => c.imports ?? []));
  return chunks.filter((c) => loaded.has(c.fileName) && !c.isEntry && c.name !== 'rolldown-runtime').map((c) => c.fileName);
}
