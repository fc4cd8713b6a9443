import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });

// Loading the config and the TypeScript parser takes seconds on a busy machine (the whole unit
// suite in parallel): once, outside the per-test timeout.
beforeAll(async () => {
  await eslint.lintText('', { filePath: join(root, 'src/ui/form/__warm__.ts') });
}, 60_000);

/** Lints a snippet as if it were the file at `path` (nothing is written), with the project config. */
async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Issue 16: src/ui is the generic renderer; the product and email compositions live in src/app.
describe('the ui layer lint rule (eslint.config.js)', () => {
  it.each([
    ['src/ui/form/__probe__.tsx', "import { productEntries } from '../../app/product/widgets/productEntries';"],
    ['src/ui/__probe__.ts', "import { routes } from '../app/routes';"],
    ['src/ui/widgets/__probe__.tsx', "export { EmailDashboard } from '../../app/dashboards/EmailDashboard';"],
    ['src/ui/dashboard/__probe__.ts', "import type { Db } from '../../server/db/Db';"],
    ['src/ui/form/__probe__.ts', "import { commands } from '../../cli/commands/index';"],
    ['src/ui/form/__probe__.ts', "import { x } from 'src/app/product/x';"],
  ])('refuses, in %s, %s', async (path, code) => {
    const messages = await restrictedImports(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/ui is the generic renderer');
  });

  it('allows src/ui its own modules, the engine and the API types', async () => {
    const code = "import { Button } from '@blueprintjs/core';\nimport { pickEntry } from '../registry/fieldRegistry';\nimport type { X } from '../../api/products';\nimport { compileLogic } from '../../engine/logic/compileLogic';\nimport { application } from './application';\n";
    expect(await restrictedImports('src/ui/form/__probe__.tsx', code)).toEqual([]);
  });

  it('lets src/app import src/ui', async () => {
    expect(await restrictedImports('src/app/product/__probe__.tsx', "import { MetadataForm } from '../../ui/form/MetadataForm';")).toEqual([]);
  });
});
