import type { Plugin } from 'vite';

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

/**
 * The first load's JavaScript in two files instead of thirteen (issue 31 item 7): the boot entry
 * with everything it imports statically, and the app's entry with everything else its pages import
 * statically. The bundler otherwise splits the modules the first load runs by which lazy screens
 * share them (the router, React DOM's portal half, Blueprint's dialog and callout, the engine's
 * operators, 140-byte ApiError...), and on HTTP/1.1 each small file costs a request on one of the
 * browser's six connections, beside the API requests the boot starts; the boot also waited for
 * every file it imported before it could start them. Lazy screens import what they share with the
 * first load from these two files, which every page has loaded already.
 *
 * `bootEntry` is the boot entry's module id (vite.config.ts `input`).
 */
export function firstLoadChunks(bootEntry: string): Plugin {
  let boot = new Set<string>();
  return {
    name: 'portal-first-load-chunks',
    apply: 'build',
    buildEnd() {
      boot = staticGraph(bootEntry, (id) => this.getModuleInfo(id)?.importedIds);
      if (boot.size < 2) throw new Error(`firstLoadChunks: the boot entry ${bootEntry} was not found in the module graph`);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            // The boot entry stands alone: it runs as soon as its one file arrives. The bundler's
            // runtime helpers (shared by every chunk) are in it too, rather than a file of their own.
            { name: 'boot', test: (id: string) => boot.has(id), priority: 2 },
            // '$initial': reached statically from an entry the build was given (index.html's main.tsx).
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      };
    },
    generateBundle(_options, bundle) {
      // The first load's two files, as above (and the bundler's runtime helpers, which it places
      // itself): another file means a group above no longer matches what the first load runs.
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
      const extra = chunks.filter((c) => loaded.has(c.fileName) && !c.isEntry && c.name !== 'rolldown-runtime');
      if (extra.length) throw new Error(`firstLoadChunks: the first load also runs ${extra.map((c) => c.fileName).join(', ')}`);
    },
  };
}
