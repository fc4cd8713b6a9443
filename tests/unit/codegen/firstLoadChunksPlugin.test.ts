import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChunkInfo } from '../../../codegen/compileHintsPlugin';
import { extraFirstLoadChunks, firstLoadGroups, staticGraph } from '../../../codegen/firstLoadChunksPlugin';
import { projectRoot } from '../../../src/server/paths';

describe('the first load in two files (issue 31 item 7)', () => {
  it("the boot group is the boot entry's static graph, through circles, without what it imports dynamically", () => {
    const imports: Record<string, string[]> = { boot: ['api', 'keys'], api: ['errors', 'keys'], keys: ['api'], errors: [], editor: ['api'] };
    expect([...staticGraph('boot', (id) => imports[id])].sort()).toEqual(['api', 'boot', 'errors', 'keys']);
  });

  it("splits what the boot preloads into the part only it loads and the part other lazy screens import, leaving out the entries' graphs", () => {
    const imports: Record<string, string[]> = {
      main: ['boot', 'router'],
      boot: ['api'],
      api: [],
      router: ['api'],
      editor: ['form', 'editorOnly', 'api', 'router'],
      form: ['popover'],
      popover: [],
      editorOnly: [],
      userMenu: ['popover'],
      richText: ['form'],
    };
    // The boot preloads the editor; the router opens the user menu; the editor loads rich text later.
    const dynamic: Record<string, string[]> = { api: ['editor'], router: ['userMenu'], editorOnly: ['richText'] };
    const groups = firstLoadGroups('boot', { entries: ['main', 'boot'], importsOf: (id) => imports[id], dynamicImportsOf: (id) => dynamic[id], modules: Object.keys(imports) });
    expect([...groups.boot].sort()).toEqual(['api', 'boot']);
    expect([...groups.preloaded].sort()).toEqual(['editor', 'editorOnly']);
    expect([...groups.preloadedShared].sort()).toEqual(['form', 'popover']);
  });

  it('names a shared file the entries import, not the entries or the runtime helpers', () => {
    const bundle: Record<string, ChunkInfo> = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', name: 'index', isEntry: true, imports: ['assets/rolldown-runtime.js', 'assets/boot.js', 'assets/dialog.js'] },
      'assets/boot.js': { type: 'chunk', fileName: 'assets/boot.js', name: 'boot', isEntry: true, imports: ['assets/rolldown-runtime.js'], dynamicImports: ['assets/editor.js'] },
      'assets/rolldown-runtime.js': { type: 'chunk', fileName: 'assets/rolldown-runtime.js', name: 'rolldown-runtime', imports: [] },
      'assets/dialog.js': { type: 'chunk', fileName: 'assets/dialog.js', name: 'dialog', imports: [] },
      'assets/editor.js': { type: 'chunk', fileName: 'assets/editor.js', name: 'editor', imports: ['assets/dialog.js'] },
    };
    expect(extraFirstLoadChunks(bundle)).toEqual(['assets/dialog.js']);
    bundle['assets/index.js']!.imports = ['assets/rolldown-runtime.js', 'assets/boot.js'];
    expect(extraFirstLoadChunks(bundle)).toEqual([]);
  });

  it('the built client (when present) loads the boot file, the app file and at most the runtime helpers before the first screen', () => {
    const html = join(projectRoot, 'dist', 'index.html');
    if (!existsSync(html)) return; // the browser suite builds it; the unit suite may run before
    const scripts = [...readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+)-[\w-]{8}\.js"/g)].map((m) => m[1]);
    expect(new Set(scripts)).toEqual(new Set(['boot', 'index', 'rolldown-runtime']));
  });
});
