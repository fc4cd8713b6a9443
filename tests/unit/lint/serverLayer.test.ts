import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });

beforeAll(async () => {
  await eslint.lintText('', { filePath: join(root, 'src/server/__warm__.ts') });
}, 60_000);

async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Issue 30 item 7: the server imports nothing from the browser's layers; shared code lives in src/shared.
describe('the server and shared layer lint rules (eslint.config.js)', () => {
  it.each([
    ['src/server/forward/__probe__.ts', "import { sanitizeEmailHtml } from '../../ui/html/sanitizeEmailHtml';"],
    ['src/server/__probe__.ts', "import { routes } from '../app/routes';"],
    ['src/server/forward/__probe__.ts', "import { x } from 'src/ui/html/x';"],
  ])('refuses, in %s, %s', async (path, code) => {
    const messages = await restrictedImports(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/server imports nothing from src/ui or src/app');
  });

  it.each([
    ['src/shared/html/__probe__.ts', "import { useState } from 'react';"],
    ['src/shared/html/__probe__.ts', "import { readFileSync } from 'node:fs';"],
    ['src/shared/html/__probe__.ts', "import type { Db } from '../../server/db/Db';"],
    ['src/shared/html/__probe__.ts', "import { SafeEmailFrame } from '../../ui/html/SafeEmailFrame';"],
  ])('refuses, in %s, %s', async (path, code) => {
    const messages = await restrictedImports(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/shared is framework-free');
  });

  it('lets the server and the ui import src/shared, and src/shared import DOMPurify', async () => {
    expect(await restrictedImports('src/server/forward/__probe__.ts', "import { sanitizeEmailHtml } from '../../shared/html/sanitizeEmailHtml';")).toEqual([]);
    expect(await restrictedImports('src/ui/html/__probe__.ts', "import { sanitizeEmailHtml } from '../../shared/html/sanitizeEmailHtml';")).toEqual([]);
    expect(await restrictedImports('src/shared/html/__probe__.ts', "import DOMPurify from 'dompurify';")).toEqual([]);
  });
});
