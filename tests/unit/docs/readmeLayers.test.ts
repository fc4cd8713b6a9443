import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
/** The README's layer list: the code block under "## Layers". */
const layers = /## Layers\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
/** The README's words as they wrap: one line of text. */
const said = (text: string) => readme.replace(/\s+/g, ' ').includes(text);

function walk(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(f) && !f.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every src file's imports, as project paths (relative specifiers resolved) or package names. */
const imports = new Map<string, string[]>();
for (const file of walk(join(root, 'src'))) {
  const specs = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
  imports.set(relative(root, file), specs.map((s) => (s.startsWith('.') ? relative(root, resolve(dirname(file), s)) : s)));
}
/** The src files that import `target` (a project path without extension, or a package). */
const importersOf = (target: string) => [...imports].filter(([, specs]) => specs.includes(target)).map(([f]) => f);
const major = (pkg: string) => Number(/\d+/.exec((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies[pkg])?.[0]);

// Issue 29 "Also" and 30 item 6: the README's layer claims are checked here, each quoted from it.
describe("the README's layer list", () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });
    await eslint.lintText('', { filePath: join(root, 'src/engine/__warm__.ts') });
  }, 60_000);
  const refused = async (path: string, code: string) => (await eslint.lintText(code, { filePath: join(root, path) }))[0].messages.filter((m) => m.ruleId === 'no-restricted-imports').length;

  it('names every folder of src and no other', () => {
    const listed = [...layers.matchAll(/^(src\/[a-z]+)\//gm)].map((m) => m[1]).sort();
    const present = readdirSync(join(root, 'src')).filter((d) => statSync(join(root, 'src', d)).isDirectory()).map((d) => `src/${d}`).sort();
    expect(listed).toEqual(present);
    expect(layers).toMatch(/^schemas\/ {2}rules\/ /m);
    for (const d of ['codegen', 'tests', 'bench']) expect(layers, d).toMatch(new RegExp(`^${d}/`, 'm'));
    for (const d of ['schemas', 'rules', 'codegen', 'tests', 'bench']) expect(existsSync(join(root, d)), d).toBe(true);
  });

  it('names the generic renderers of src/ui, each a folder', () => {
    const renderers: Record<string, string> = {
      'form (the metadata form': 'src/ui/form', 'form/theme (the same widget registry': 'src/ui/form/theme', 'summary (read mode': 'src/ui/summary',
      'widgets (bound to': 'src/ui/widgets', 'dashboard (table, pager': 'src/ui/dashboard', 'safe HTML view': 'src/ui/html', 'rich text': 'src/ui/richtext', 'plain (Blueprint': 'src/ui/plain',
    };
    for (const [words, folder] of Object.entries(renderers)) {
      expect(said(words), words).toBe(true);
      expect(existsSync(join(root, folder)), folder).toBe(true);
    }
  });

  it('says what each form path is for, and each is used so', () => {
    expect(said('form (the metadata form: blocks and fields of schemas/ with the engine\'s view model, for the product editor and the forward-email editor)')).toBe(true);
    const metadataForm = importersOf('src/ui/form/MetadataForm');
    expect(metadataForm.some((f) => f.startsWith('src/app/product/'))).toBe(true);
    expect(metadataForm.some((f) => f.startsWith('src/app/forward/'))).toBe(true);

    expect(said("form/theme (the same widget registry as an RJSF 6 theme on Blueprint 6, for plain JSON Schema forms: the Admin Portal's)")).toBe(true);
    expect(importersOf('src/ui/form/theme/blueprintTheme').filter((f) => f.startsWith('src/app/'))).toEqual(['src/app/admin/AdminForm.tsx']);
    expect([major('@rjsf/core'), major('@blueprintjs/core')]).toEqual([6, 6]);
    // No screen draws with @rjsf/core's own (Bootstrap) theme: its Form is only ever themed.
    const rjsfCore = importersOf('@rjsf/core').filter((f) => f.startsWith('src/app/'));
    expect(rjsfCore.every((f) => /\bwithTheme\b/.test(readFileSync(join(root, f), 'utf8')) && !/import Form\b/.test(readFileSync(join(root, f), 'utf8')))).toBe(true);

    expect(said('summary (read mode of the same registry)')).toBe(true);
    expect(importersOf('src/ui/form/MetadataForm')).toContain('src/ui/summary/MetadataSummary.tsx');
  });

  it('says src/shared is framework-free code the browser and the server both run, and it is', () => {
    expect(said('src/shared/ framework-free code the browser and the server both run')).toBe(true);
    const users = [...imports].filter(([, specs]) => specs.some((s) => s.startsWith('src/shared/'))).map(([f]) => f.split('/')[1]);
    expect(users).toContain('server');
    expect(users.some((layer) => layer === 'ui' || layer === 'app')).toBe(true);
  });

  it('holds to the import rules it states (eslint refuses each crossing)', async () => {
    expect(said('`eslint` enforces that `src/engine` imports nothing from React, the server or Node, that `src/ui` imports nothing from `src/app`, the server or the CLI')).toBe(true);
    expect(await refused('src/engine/__probe__.ts', "import { useState } from 'react';")).toBe(1);
    expect(await refused('src/engine/__probe__.ts', "import { readFileSync } from 'node:fs';")).toBe(1);
    expect(await refused('src/engine/__probe__.ts', "import { x } from '../server/x';")).toBe(1);
    expect(await refused('src/ui/__probe__.ts', "import { routes } from '../app/routes';")).toBe(1);
    expect(await refused('src/ui/__probe__.ts', "import { x } from '../cli/x';")).toBe(1);
  });

  it('names the tests that guard the layers, and they exist', () => {
    for (const test of ['tests/unit/ui/genericLayer.test.ts', 'tests/unit/lint/noImportCycles.test.ts', 'tests/unit/lint/namedOnce.test.ts']) {
      expect(said(test), test).toBe(true);
      expect(existsSync(join(root, test)), test).toBe(true);
    }
  });
});
