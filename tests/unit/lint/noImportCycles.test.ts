import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Import circles among the files under `dir`, type-only imports included: eslint's import/no-cycle
 * skips those, and a circle through a type is still two files that cannot be read (or moved) apart.
 */
async function importCircles(dir: string): Promise<string[][]> {
  const typesToo = { skipTypeImports: false };
  const graph = await madge(dir, { fileExtensions: ['ts', 'tsx'], detectiveOptions: { ts: typesToo, tsx: typesToo } });
  return graph.circular();
}

// Issue 30 item 7: no import circles in src (derivePhase ↔ engineTables, optionIndex ↔ types and
// fieldSpan ↔ fieldRegistry were broken apart); this check keeps new ones out.
describe('import circles', () => {
  it('src has none, type-only imports included', { timeout: 60_000 }, async () => {
    expect(await importCircles(join(root, 'src'))).toEqual([]);
  });

  it('the check sees a circle closed by a type-only import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-circle-'));
    try {
      writeFileSync(join(dir, 'fieldRegistry.ts'), "import type { FieldWidth } from './fieldSpan';\nexport interface RegistryEntry { width?: FieldWidth }\n");
      writeFileSync(join(dir, 'fieldSpan.ts'), "import type { RegistryEntry } from './fieldRegistry';\nexport type FieldWidth = number;\nexport const span = (e: RegistryEntry) => e.width ?? 1;\n");
      writeFileSync(join(dir, 'alone.ts'), "import { span } from './fieldSpan';\nexport const one = span({});\n");
      expect((await importCircles(dir)).map((c) => [...c].sort())).toEqual([['fieldRegistry.ts', 'fieldSpan.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
