import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;

/** `./x` as the bundler resolves it here: the file itself, `x.ts`/`x.tsx`, or `x/index.ts(x)`. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const tried = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return tried.find((f) => existsSync(f) && statSync(f).isFile());
}

/**
 * The relative imports of every TypeScript file under `dir` (declaration files too) and of the files
 * they reach, type-only imports included, as madge's dependency tree (paths relative to `dir`). TypeScript's import scanner
 * (`preProcessFile`) reads each file without parsing it: madge's own detective parsed and converted
 * every file's whole syntax tree for the same list (~7 CPU-s for src, and timeouts under load).
 */
function importTree(dir: string): Record<string, string[]> {
  const tree: Record<string, string[]> = {};
  const pending = readdirSync(dir, { recursive: true }).map((f) => join(dir, String(f))).filter((f) => /\.(ts|tsx|mts)$/.test(f));
  const seen = new Set(pending);
  while (pending.length) {
    const file = pending.pop()!;
    const deps = ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((s) => s.startsWith('./') || s.startsWith('../'))
      .flatMap((s) => resolveRelative(file, s) ?? []);
    tree[relative(dir, file)] = [...new Set(deps.map((d) => relative(dir, d)))];
    for (const d of deps) {
      if (!sourceFile.test(d) || seen.has(d)) continue;
      seen.add(d);
      pending.push(d);
    }
  }
  return tree;
}

/**
 * Import circles among the files under `dir`, type-only imports included: eslint's import/no-cycle
 * skips those, and a circle through a type is still two files that cannot be read (or moved) apart.
 * madge finds the circles in the tree.
 */
async function importCircles(dir: string): Promise<string[][]> {
  return (await madge(importTree(dir))).circular();
}

// Issue 30 item 7: no import circles in src (derivePhase ↔ engineTables, optionIndex ↔ types and
// fieldSpan ↔ fieldRegistry were broken apart); this check keeps new ones out.
describe('import circles', () => {
  it('src has none, type-only imports included', async () => {
    const tree = importTree(join(root, 'src'));
    // The scan reaches the whole source (a resolver that found nothing would find no circle either).
    expect(Object.keys(tree).length).toBeGreaterThan(500);
    expect(tree['engine/index.ts'].length).toBeGreaterThan(10);
    expect(await importCircles(join(root, 'src'))).toEqual([]);
  });

  it('the check sees a circle closed by a type-only import, a re-export or an index file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-circle-'));
    try {
      writeFileSync(join(dir, 'fieldRegistry.ts'), "import type { FieldWidth } from './fieldSpan';\nexport interface RegistryEntry { width?: FieldWidth }\n");
      writeFileSync(join(dir, 'fieldSpan.ts'), "import type { RegistryEntry } from './fieldRegistry';\nexport type FieldWidth = number;\nexport const span = (e: RegistryEntry) => e.width ?? 1;\n");
      writeFileSync(join(dir, 'alone.ts'), "import { span } from './fieldSpan';\nexport const one = span({});\n");
      expect((await importCircles(dir)).map((c) => [...c].sort())).toEqual([['fieldRegistry.ts', 'fieldSpan.ts']]);
      writeFileSync(join(dir, 'fieldSpan.ts'), 'export type FieldWidth = number;\n');
      expect(await importCircles(dir)).toEqual([]);

      mkdirSync(join(dir, 'table'));
      writeFileSync(join(dir, 'table', 'index.tsx'), "export * from '../tableCell';\n");
      writeFileSync(join(dir, 'tableCell.ts'), "export type { Row } from './table';\nexport const cell = 1;\n");
      expect((await importCircles(dir)).map((c) => [...c].sort())).toEqual([['table/index.tsx', 'tableCell.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

