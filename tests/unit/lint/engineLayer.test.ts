import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });

// Loading the config and the TypeScript parser takes seconds on a busy machine (the whole unit
// suite in parallel): once, outside the per-test timeout.
beforeAll(async () => {
  await eslint.lintText('', { filePath: join(root, 'src/engine/logic/__warm__.ts') });
}, 60_000);

/** Lints a snippet as if it were the file at `path` (nothing is written), with the project config. */
async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the engine layer lint rule (eslint.config.js)', () => {
  it.each([
    "import React from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { Button } from '@blueprintjs/core';",
    "import Form from '@rjsf/core';",
    "import Fastify from 'fastify';",
    "import cookie from '@fastify/cookie';",
    "import pg from 'pg';",
    "import { PGlite } from '@electric-sql/pglite';",
    "import { readFileSync } from 'node:fs';",
    "import { join } from 'path';",
    "import type { Db } from '../server/db/Db';",
    "import { buildApp } from '../../server/app';",
    "import { Editor } from '../ui/form/Editor';",
    "import { routes } from '../app/routes';",
    "export { commands } from '../cli/commands/index';",
  ])('refuses %s under src/engine', async (code) => {
    const messages = await restrictedImports('src/engine/logic/__probe__.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/engine is pure');
  });

  it('allows the engine its own modules and pure libraries', async () => {
    const code = "import jsonLogic from 'json-logic-js';\nimport { load } from './load';\nimport type { X } from '../engine/x';\nimport { serverity } from './serverity';\n";
    expect(await restrictedImports('src/engine/logic/__probe__.ts', code)).toEqual([]);
  });

  it('does not apply outside src/engine', async () => {
    const code = "import React from 'react';\nimport { readFileSync } from 'node:fs';\nimport { x } from '../server/x';\n";
    expect(await restrictedImports('src/app/__probe__.tsx', code)).toEqual([]);
    expect(await restrictedImports('src/server/__probe__.ts', code)).toEqual([]);
  });
});
