import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileHint, firstLoadChunkFiles, type ChunkInfo } from '../../../codegen/compileHintsPlugin';
import { projectRoot } from '../../../src/server/paths';

describe('compile hints for the first load (issue 17)', () => {
  it('marks the entries and what they import statically, not lazy chunks or assets', () => {
    const bundle: Record<string, ChunkInfo> = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, imports: ['assets/react.js', 'assets/shared.js'] },
      'assets/boot.js': { type: 'chunk', fileName: 'assets/boot.js', isEntry: true, imports: ['assets/shared.js'] },
      'assets/react.js': { type: 'chunk', fileName: 'assets/react.js', imports: ['assets/shared.js'] },
      'assets/shared.js': { type: 'chunk', fileName: 'assets/shared.js', imports: [] },
      // Reached only through a dynamic import: an editor route.
      'assets/editor.js': { type: 'chunk', fileName: 'assets/editor.js', imports: ['assets/shared.js'] },
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    };
    expect(firstLoadChunkFiles(bundle)).toEqual(['assets/boot.js', 'assets/index.js', 'assets/react.js', 'assets/shared.js']);
  });

  it('marks what the boot entry preloads (a first screen such as the editor) with its imports, not the routes the main entry loads', () => {
    const bundle: Record<string, ChunkInfo> = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', name: 'index', isEntry: true, imports: ['assets/shared.js'], dynamicImports: ['assets/editor.js', 'assets/admin.js'] },
      'assets/boot.js': { type: 'chunk', fileName: 'assets/boot.js', name: 'boot', isEntry: true, imports: ['assets/shared.js'], dynamicImports: ['assets/editor.js'] },
      'assets/shared.js': { type: 'chunk', fileName: 'assets/shared.js', imports: [] },
      'assets/editor.js': { type: 'chunk', fileName: 'assets/editor.js', imports: ['assets/form.js'], dynamicImports: ['assets/richtext.js'] },
      'assets/form.js': { type: 'chunk', fileName: 'assets/form.js', imports: ['assets/shared.js'] },
      'assets/richtext.js': { type: 'chunk', fileName: 'assets/richtext.js', imports: [] },
      'assets/admin.js': { type: 'chunk', fileName: 'assets/admin.js', imports: [] },
    };
    expect(firstLoadChunkFiles(bundle)).toEqual(['assets/boot.js', 'assets/editor.js', 'assets/form.js', 'assets/index.js', 'assets/shared.js']);
  });

  it('the built client (when present) carries the hint on every script index.html loads', () => {
    const html = join(projectRoot, 'dist', 'index.html');
    if (!existsSync(html)) return; // the browser suite builds it; the unit suite may run before
    const scripts = [...readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const s of scripts) expect(readFileSync(join(projectRoot, 'dist', s), 'utf8').startsWith(`${compileHint}\n`), s).toBe(true);
  });
});
