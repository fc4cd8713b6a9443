import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { oneConnectionFiles, pgliteOnlyFiles, postgresFiles } from '../postgresFiles';

const files = (dir: string) =>
  readdirSync(join(projectRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name).slice(projectRoot.length + 1));
const source = (file: string) => readFileSync(join(projectRoot, file), 'utf8');
/** What makes a file use the suite's database (tests/server/helpers/testDb.ts, productsKit). */
const usesSuiteDb = /\b(?:openTestDb|createTestDatabase|testDbKind)\b|\bproductsKit\(/;
const usesAnyDb = /\b(openTestDb|productsKit|createTestDatabase|testDbKind|openDb|openPgliteDb|openPostgresDb|startServer|runServer)\b|--products', 'db'/;
/** What only a real server exercises: databases of its own on it, pg-boss's tables, advisory locks, a PostgreSQL-only branch. */
const needsPostgres = /\bcreateTestDatabase\b|testDbKind === 'postgres'|\bpgboss\b|pg_advisory/;

/** The option objects of the startServer calls in a source text (balanced braces). */
function startServerCalls(text: string): string[] {
  const calls: string[] = [];
  for (const m of text.matchAll(/\bstartServer\(/g)) {
    let depth = 0;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < text.length; i++) {
      if (text[i] === '(' || text[i] === '{') depth++;
      else if (text[i] === ')' && depth-- === 0) break;
      else if (text[i] === '}') depth--;
    }
    calls.push(text.slice(start, i).trim() || '{}');
  }
  return calls;
}

// Which suite a test file belongs to (vitest.config.ts): a new file is checked here, so the
// PostgreSQL pass never misses a file that needs it and the unit suite never opens a database.
describe('test suites', () => {
  it('every server file on the suite database is placed: in the PostgreSQL pass or among the one-connection files; the lists name only such files, once', () => {
    const server = files('tests/server');
    expect(server).toContain('tests/server/products.test.ts');
    const placed = [...postgresFiles, ...oneConnectionFiles];
    expect(server.filter((f) => usesSuiteDb.test(source(f)) && !placed.includes(f) && !pgliteOnlyFiles.includes(f))).toEqual([]);
    expect(placed.filter((f) => !server.includes(f) || !usesSuiteDb.test(source(f)))).toEqual([]);
    expect(new Set(placed).size).toBe(placed.length);
    expect(pgliteOnlyFiles.filter((f) => !server.includes(f) || placed.includes(f))).toEqual([]);
  });

  it('a file that reaches what only a real server has (its own databases there, pg-boss, advisory locks) is in the PostgreSQL pass', () => {
    expect(oneConnectionFiles.filter((f) => needsPostgres.test(source(f)))).toEqual([]);
    expect(postgresFiles).toContain('tests/server/crashSafety.test.ts');
  });

  it('every server file touches a database; database-free ones live in the unit suite, which opens none', () => {
    expect(files('tests/server').filter((f) => !usesAnyDb.test(source(f)))).toEqual([]);
    expect(files('tests/unit')).toContain('tests/unit/server/storage.test.ts');
    expect(files('tests/unit').filter((f) => usesAnyDb.test(source(f)) && f !== 'tests/unit/suites.test.ts')).toEqual([]);
  });

  it('a browser file uses the run\'s shared portal, or starts its own on a seeded template or a directory copied from one', () => {
    const browser = files('tests/e2e');
    expect(browser).toContain('tests/e2e/shell.test.ts');
    const problems: string[] = [];
    for (const file of browser) {
      const text = source(file);
      // The file's own source and the helpers it imports from tests/e2e/helpers.
      const helpers = [...text.matchAll(/from '\.\/helpers\/(\w+)'/g)].map((m) => source(`tests/e2e/helpers/${m[1]}.ts`)).join('\n');
      // In the worker's process, on a data directory of the file's own (copied from a template).
      if (/\bstartInProcess\(/.test(text) && !/\b(copySeededDataDir|copyMigratedDb)\(/.test(text + helpers)) problems.push(`${file}: startInProcess on a data directory that copies no template`);
      for (const call of startServerCalls(text)) {
        // A server of the file's own runs in the worker's process (startInProcess): a spawned one loads
        // the server's modules and PGlite again. A spawned start is for what needs a process: `portal dev`'s watcher, a kill.
        if (!/\b(command|seeded):/.test(call)) problems.push(`${file}: ${call}: start it in the worker's process (startInProcess), or say what needs a process`);
        // The run's portal on that template has no other configuration (tests/e2e/helpers/sharedServers.ts).
        if (/^\{\s*seeded: '\w+'\s*\}$/.test(call)) problems.push(`${file}: ${call}: use sharedServer`);
        // A first start on an empty data directory seeds the demo data: seconds of CPU per file.
        else if (!/\bseeded:/.test(call) && !/\bdataDir\b/.test(call)) problems.push(`${file}: ${call}: start on a seeded template (seeded) or a copy of one (dataDir)`);
        else if (/\bdataDir\b/.test(call) && !/\b(copySeededDataDir|copyMigratedDb)\(/.test(text + helpers)) problems.push(`${file}: ${call}: its data directory copies no template`);
      }
    }
    expect(problems).toEqual([]);
  });
});
